//! Errors without an id, matched to the lines that could have produced them.
//!
//! Such an error cannot name the line it answers, so it is matched by what
//! it says: each step that expects one gets an error its pattern accepts,
//! as many steps as possible (a maximum matching). A step that was answered
//! some other way (an output line carries the id it sent) is the first to go
//! without. When fewer errors came than steps expect, and the checker cannot
//! tell which step went without, it says so instead of accusing one.

use super::matching;
use crate::content::pattern::Pattern;
use crate::content::template::Bindings;
use serde_json::Value;

/// One step that expects an error without an id.
pub struct Step<'a> {
    pub step: usize,
    pub pattern: &'a Pattern,
    /// Another output line carries the id this step sent: it was answered,
    /// but not with an error without an id.
    pub answered_otherwise: bool,
    /// No response at all is right too for this step.
    pub silence_ok: bool,
}

/// What became of each step.
#[derive(Debug, PartialEq)]
pub enum Attribution {
    /// The step's answer, by index into the responses.
    Answered { step: usize, response: usize },
    /// An error that says something else is the step's only candidate.
    Wrong { step: usize, response: usize },
    /// This step certainly got no error without an id.
    Missing { step: usize },
    /// `missing` of these steps got none, and nothing tells which.
    Unclear { steps: Vec<usize>, missing: usize },
}

/// Matches `steps` to the unclaimed `errors` (indexes into `responses`).
#[allow(
    clippy::too_many_lines,
    reason = "one matching algorithm (assign, then tell certain from interchangeable leftovers) over tables its steps share"
)]
pub fn attribute(
    steps: &[Step],
    errors: &[usize],
    responses: &[Value],
    bindings: &Bindings,
) -> Vec<Attribution> {
    let fits: Vec<Vec<bool>> = steps
        .iter()
        .map(|s| {
            errors
                .iter()
                .map(|&e| matching::matches(s.pattern, Some(&responses[e]), bindings))
                .collect()
        })
        .collect();
    // Steps answered some other way try last, so they are the ones left
    // without when errors run short.
    let mut order: Vec<usize> = (0..steps.len()).collect();
    order.sort_by_key(|&s| steps[s].answered_otherwise);
    let mut owner: Vec<Option<usize>> = vec![None; errors.len()];
    for &s in &order {
        let mut seen = vec![false; errors.len()];
        augment(s, &fits, &mut owner, &mut seen);
    }
    let mut matched: Vec<Option<usize>> = vec![None; steps.len()];
    for (e, s) in owner.iter().enumerate() {
        if let Some(s) = s {
            matched[*s] = Some(e);
        }
    }

    let mut out = Vec::new();
    let mut leftover: Vec<usize> = (0..errors.len()).filter(|&e| owner[e].is_none()).collect();
    leftover.reverse();
    let mut unmatched = Vec::new();
    for (s, step) in steps.iter().enumerate() {
        match matched[s] {
            Some(e) => out.push(Attribution::Answered {
                step: step.step,
                response: errors[e],
            }),
            None => unmatched.push(s),
        }
    }
    // An error no pattern accepts is the answer of a step still without one.
    let mut certain = Vec::new();
    let mut interchangeable: Vec<usize> = Vec::new();
    let mut short = 0;
    for s in unmatched {
        if let Some(e) = leftover.pop() {
            out.push(Attribution::Wrong {
                step: steps[s].step,
                response: errors[e],
            });
            continue;
        }
        if steps[s].silence_ok {
            continue;
        }
        // Matched steps that could have gone without in its place: their
        // error fits this step too, and nothing shows they were answered
        // some other way.
        let swappable: Vec<usize> = (0..steps.len())
            .filter(|&t| {
                !steps[t].answered_otherwise
                    && !steps[t].silence_ok
                    && matched[t].is_some_and(|e| fits[s][e])
            })
            .collect();
        if steps[s].answered_otherwise || swappable.is_empty() {
            certain.push(steps[s].step);
        } else {
            short += 1;
            for t in std::iter::once(s).chain(swappable) {
                if !interchangeable.contains(&t) {
                    interchangeable.push(t);
                }
            }
        }
    }
    out.extend(
        certain
            .into_iter()
            .map(|step| Attribution::Missing { step }),
    );
    if short > 0 {
        let mut steps: Vec<usize> = interchangeable.iter().map(|&t| steps[t].step).collect();
        steps.sort_unstable();
        out.push(Attribution::Unclear {
            steps,
            missing: short,
        });
    }
    out
}

/// Kuhn's augmenting path: gives step `s` an error, moving others along.
fn augment(s: usize, fits: &[Vec<bool>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for e in 0..owner.len() {
        if !fits[s][e] || seen[e] {
            continue;
        }
        seen[e] = true;
        let free = match owner[e] {
            None => true,
            Some(other) => augment(other, fits, owner, seen),
        };
        if free {
            owner[e] = Some(s);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pattern(code: i64) -> Pattern {
        Pattern::parse(&json!({"id": "$absent-or-null", "error": {"code": code}})).unwrap()
    }

    fn error(code: i64) -> Value {
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": "m"}})
    }

    #[test]
    fn a_step_answered_some_other_way_is_the_one_without() {
        // id-echo: 1.5 answered with a result (its id is on another line),
        // `true` and {"n": 1} with errors without an id.
        let p = pattern(-32600);
        let steps = [
            Step {
                step: 0,
                pattern: &p,
                answered_otherwise: true,
                silence_ok: false,
            },
            Step {
                step: 1,
                pattern: &p,
                answered_otherwise: false,
                silence_ok: false,
            },
            Step {
                step: 2,
                pattern: &p,
                answered_otherwise: false,
                silence_ok: false,
            },
        ];
        let responses = [error(-32600), error(-32600)];
        let got = attribute(&steps, &[0, 1], &responses, &Bindings::new());
        assert!(got.contains(&Attribution::Missing { step: 0 }), "{got:?}");
        assert!(
            !got.iter()
                .any(|a| matches!(a, Attribution::Missing { step } if *step != 0))
        );
    }

    #[test]
    fn when_nothing_tells_which_step_went_without_it_says_so() {
        let p = pattern(-32600);
        let steps: Vec<Step> = (0..4)
            .map(|step| Step {
                step,
                pattern: &p,
                answered_otherwise: false,
                silence_ok: false,
            })
            .collect();
        let responses = [error(-32600), error(-32600), error(-32600)];
        let got = attribute(&steps, &[0, 1, 2], &responses, &Bindings::new());
        assert!(
            got.contains(&Attribution::Unclear {
                steps: vec![0, 1, 2, 3],
                missing: 1
            }),
            "{got:?}"
        );
        assert!(!got.iter().any(|a| matches!(a, Attribution::Missing { .. })));
    }

    #[test]
    fn what_an_error_says_decides_which_step_it_answers() {
        // The parse error came last, yet it answers the first step.
        let parse = pattern(-32700);
        let invalid = pattern(-32600);
        let steps = [
            Step {
                step: 0,
                pattern: &parse,
                answered_otherwise: false,
                silence_ok: false,
            },
            Step {
                step: 1,
                pattern: &invalid,
                answered_otherwise: false,
                silence_ok: false,
            },
        ];
        let responses = [error(-32600), error(-32700)];
        let got = attribute(&steps, &[0, 1], &responses, &Bindings::new());
        assert_eq!(
            got,
            [
                Attribution::Answered {
                    step: 0,
                    response: 1
                },
                Attribution::Answered {
                    step: 1,
                    response: 0
                }
            ]
        );
        // Only the -32600 came: the parse error is certainly the missing one.
        let got = attribute(&steps, &[0], &responses, &Bindings::new());
        assert!(got.contains(&Attribution::Missing { step: 0 }), "{got:?}");
    }

    #[test]
    fn an_error_saying_something_else_is_a_wrong_answer_and_silence_may_be_right() {
        let p = pattern(-32600);
        let steps = [
            Step {
                step: 0,
                pattern: &p,
                answered_otherwise: false,
                silence_ok: true,
            },
            Step {
                step: 1,
                pattern: &p,
                answered_otherwise: false,
                silence_ok: true,
            },
        ];
        let responses = [error(-32601)];
        let got = attribute(&steps, &[0], &responses, &Bindings::new());
        assert_eq!(
            got,
            [Attribution::Wrong {
                step: 0,
                response: 0
            }]
        );
    }
}
