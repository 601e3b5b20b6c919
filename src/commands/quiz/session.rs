//! The interactive quiz: one question at a time over any reader and writer,
//! so a terminal, a pipe and a test all drive it the same way. Styles always
//! write their codes; the stream keeps or strips them (`commands::out`).
//!
//! Each answer is handed to `record` (which saves it) before its feedback is
//! written, so a quiz cut short by the end of input, or by a closed output,
//! never loses an answer already given.

use super::colours;
use crate::content::Lang;
use crate::quiz::grade::{Reply, read_reply};
use crate::quiz::model::{Kind, Question, Quiz, letter};
use crate::quiz::score::{Score, standing};
use crate::quiz::shuffle::ChoiceOrder;
use crate::render::quiz::{choice, label, unclear};
use anyhow::Result;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// One run through a list of questions.
pub struct Session<'a> {
    pub quiz: &'a Quiz,
    /// The objective's title, for the heading.
    pub title: &'a str,
    /// The questions to ask, in order: all of the quiz, or the missed ones.
    pub questions: Vec<&'a Question>,
    /// Asking only the questions missed last time.
    pub retry: bool,
    pub lang: Lang,
    pub seed: u64,
    /// Write each answer read after its prompt, so a piped run reads like
    /// a terminal session. (A terminal echoes typing itself.)
    pub echo: bool,
}

/// What happened in one session.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Each answered question's id and whether it was right, in order.
    pub results: Vec<(String, bool)>,
    /// How many questions the session had.
    pub asked: usize,
    /// The input ended before the last question was answered.
    pub ended_early: bool,
}

impl Outcome {
    pub fn score(&self) -> Score {
        Score {
            right: self.results.iter().filter(|(_, right)| *right).count(),
            total: self.asked,
        }
    }
}

/// How a question's answer reads, before anything is typed.
enum Read {
    Answer(Reply),
    EndOfInput,
}

impl Session<'_> {
    /// Asks every question. `record(id, right)` is called for each answer.
    pub fn run(
        &self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        record: &mut dyn FnMut(&str, bool) -> Result<()>,
    ) -> Result<Outcome> {
        let mut outcome = Outcome {
            asked: self.questions.len(),
            ..Outcome::default()
        };
        self.write_intro(out)?;
        for (index, question) in self.questions.iter().enumerate() {
            let order = ChoiceOrder::for_question(question, self.seed);
            self.write_question(out, index, question, &order)?;
            let reply = match self.read_answer(input, out, question, &order)? {
                Read::Answer(reply) => reply,
                Read::EndOfInput => {
                    outcome.ended_early = true;
                    writeln!(
                        out,
                        "\n{}",
                        colours::dim(crate::words::of(self.lang).input_ended())
                    )?;
                    break;
                }
            };
            let right = crate::quiz::grade::is_right(&question.kind, &reply);
            record(&question.id, right)?;
            outcome.results.push((question.id.clone(), right));
            self.write_feedback(out, question, &order, &reply, right)?;
        }
        Ok(outcome)
    }

    fn write_intro(&self, out: &mut dyn Write) -> Result<()> {
        let lang = self.lang;
        let count = self.questions.len();
        let repeat = format!("learn quiz {} --seed {}", self.quiz.id, self.seed);
        let w = crate::words::of(lang);
        let heading = w.quiz_heading(self.title);
        let facts = w.quiz_facts(
            count,
            self.quiz.pass_percent,
            self.seed,
            &colours::command(&repeat),
        );
        writeln!(out, "{}", colours::heading(&heading))?;
        if self.retry {
            writeln!(out, "{}", crate::words::of(lang).only_missed())?;
        }
        writeln!(out, "{}", colours::dim(&facts))?;
        writeln!(
            out,
            "{}",
            colours::dim(crate::words::of(lang).how_to_answer())
        )?;
        Ok(())
    }

    fn write_question(
        &self,
        out: &mut dyn Write,
        index: usize,
        question: &Question,
        order: &ChoiceOrder,
    ) -> Result<()> {
        let lang = self.lang;
        let position = crate::words::of(lang).question_of(index + 1, self.questions.len());
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            colours::heading(&format!("{position} · {}", label(&question.kind, lang)))
        )?;
        writeln!(out, "{}", colours::prose(question.prompt.get(lang)))?;
        if let Some(message) = &question.message {
            for line in message.trim().lines() {
                writeln!(out, "    {}", colours::message(line))?;
            }
        }
        let options = question.kind.options();
        for (shown, original) in order.iter().enumerate() {
            if let Some(option) = options.get(original) {
                writeln!(
                    out,
                    "  {}) {}",
                    letter(shown),
                    colours::prose(choice(option, lang))
                )?;
            }
        }
        match &question.kind {
            Kind::Multiple { .. } => writeln!(
                out,
                "{}",
                colours::dim(crate::words::of(lang).every_letter())
            )?,
            Kind::TrueFalse { .. } | Kind::MessageKind { .. } => writeln!(
                out,
                "{}",
                colours::dim(crate::words::of(lang).letter_or_word())
            )?,
            _ => {}
        }
        Ok(())
    }

    /// Reads lines until one is an answer; an unreadable one is explained
    /// and asked again.
    fn read_answer(
        &self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        question: &Question,
        order: &ChoiceOrder,
    ) -> Result<Read> {
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                return Ok(Read::EndOfInput);
            }
            let line = String::from_utf8_lossy(&bytes);
            let line = line.trim_end_matches(['\n', '\r']);
            if self.echo {
                writeln!(out, "{line}")?;
            }
            match read_reply(&question.kind, order, line) {
                Ok(reply) => return Ok(Read::Answer(reply)),
                Err(why) => writeln!(
                    out,
                    "{}",
                    colours::wrong(
                        &crate::words::of(self.lang).try_again(&unclear(&why, self.lang))
                    )
                )?,
            }
        }
    }

    fn write_feedback(
        &self,
        out: &mut dyn Write,
        question: &Question,
        order: &ChoiceOrder,
        reply: &Reply,
        right: bool,
    ) -> Result<()> {
        let lang = self.lang;
        let verdict = if right {
            colours::right(crate::words::of(lang).right())
        } else if *reply == Reply::Blank {
            colours::wrong(&format!(
                "{}{}",
                crate::words::of(lang).skipped_answer(),
                self.answer_text(question, order)
            ))
        } else {
            colours::wrong(&format!(
                "{}{}",
                crate::words::of(lang).not_right_answer(),
                self.answer_text(question, order)
            ))
        };
        writeln!(out, "{verdict}")?;
        writeln!(
            out,
            "{}",
            colours::prose(question.explanation.get(lang).trim())
        )?;
        writeln!(
            out,
            "{}{}",
            colours::dim(crate::words::of(lang).more()),
            colours::command(&format!("learn read {}", question.section))
        )?;
        Ok(())
    }

    /// The right answer with the letters as shown.
    fn answer_text(&self, question: &Question, order: &ChoiceOrder) -> String {
        if let Kind::Short { accepted } = &question.kind {
            return accepted.first().cloned().unwrap_or_default();
        }
        let options = question.kind.options();
        let mut shown: Vec<(usize, usize)> = question
            .kind
            .correct_options()
            .into_iter()
            .filter_map(|original| Some((order.shown(original)?, original)))
            .collect();
        shown.sort_unstable();
        shown
            .iter()
            .filter_map(|&(position, original)| {
                let text = choice(options.get(original)?, self.lang);
                Some(format!("{}) {}", letter(position), colours::prose(text)))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The end of a session: this round's score, the quiz's standing from the
/// latest answers (saved ones included) and what to do next.
pub fn write_summary(
    out: &mut dyn Write,
    session: &Session,
    outcome: &Outcome,
    latest: &BTreeMap<String, bool>,
) -> Result<()> {
    let lang = session.lang;
    let quiz = session.quiz;
    let score = outcome.score();
    let overall = standing(quiz, latest);
    let passed = overall.passes(quiz.pass_percent);
    writeln!(out)?;
    let w = crate::words::of(lang);
    let line = w.score_of(score.right, score.total, score.percent());
    writeln!(out, "{}", colours::heading(&line))?;
    let state = if passed {
        colours::right(w.quiz_passed())
    } else {
        colours::wrong(w.quiz_not_passed_yet())
    };
    let line = w.quiz_standing(
        &quiz.id,
        &state,
        overall.right,
        overall.total,
        quiz.pass_percent,
    );
    writeln!(out, "{line}")?;
    let missed: Vec<&str> = quiz
        .questions
        .iter()
        .filter(|q| !latest.get(&q.id).copied().unwrap_or(false))
        .map(|q| q.id.as_str())
        .collect();
    if !missed.is_empty() {
        let retry = colours::command(&format!("learn quiz {} --retry-wrong", quiz.id));
        let line = w.not_yet_right(&missed.join(", "), &retry);
        writeln!(out, "{line}")?;
    }
    if passed {
        writeln!(
            out,
            "{}{}",
            colours::dim(crate::words::of(lang).next()),
            colours::command("learn next")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Localized;
    use crate::wire;

    fn text(en: &str) -> Localized {
        Localized {
            en: en.into(),
            zh: format!("中文 {en}"),
        }
    }

    fn quiz() -> Quiz {
        let question = |id: &str, kind: Kind| Question {
            id: id.into(),
            kind,
            facts: vec!["F9".into()],
            section: "o2-silence".into(),
            prompt: text(&format!("prompt {id}")),
            message: None,
            explanation: text(&format!("explanation {id}")),
        };
        Quiz {
            id: "demo".into(),
            lesson: "l".into(),
            pass_percent: 80,
            questions: vec![
                question("tf", Kind::TrueFalse { answer: false }),
                question(
                    "kind",
                    Kind::MessageKind {
                        answer: wire::Kind::Notification,
                    },
                ),
                question(
                    "short",
                    Kind::Short {
                        accepted: vec!["-32602".into()],
                    },
                ),
            ],
        }
    }

    fn run(quiz: &Quiz, typed: &str) -> (Outcome, Vec<(String, bool)>, String) {
        let session = Session {
            quiz,
            title: "Demo",
            questions: quiz.questions.iter().collect(),
            retry: false,
            lang: Lang::En,
            seed: 1,
            echo: true,
        };
        let mut saved = Vec::new();
        let mut out = Vec::new();
        let outcome = session
            .run(&mut typed.as_bytes(), &mut out, &mut |id, right| {
                saved.push((id.to_string(), right));
                Ok(())
            })
            .unwrap();
        // Plain, as a pipe shows it.
        let screen = crate::render::style::plain(&String::from_utf8(out).unwrap());
        (outcome, saved, screen)
    }

    #[test]
    fn all_right_scores_all_and_saves_each() {
        let quiz = quiz();
        let (outcome, saved, screen) = run(&quiz, "false\nb\n -32602 \n");
        assert_eq!(outcome.score(), Score { right: 3, total: 3 });
        assert_eq!(saved.len(), 3);
        assert!(!outcome.ended_early);
        assert_eq!(screen.matches("✓ Right.").count(), 3, "{screen}");
        assert_eq!(screen.matches("More: `learn read o2-silence`").count(), 3);
    }

    #[test]
    fn unreadable_answers_are_asked_again_and_blank_scores_zero() {
        let quiz = quiz();
        let (outcome, saved, screen) = run(&quiz, "maybe\nz\nb\n\n");
        // `maybe` and `z` are asked again; `b` (false) is right; the empty
        // line skips question 2; then the input ends.
        assert_eq!(screen.matches("try again").count(), 2, "{screen}");
        assert_eq!(saved, vec![("tf".into(), true), ("kind".into(), false)]);
        assert!(outcome.ended_early);
        assert_eq!(outcome.score(), Score { right: 1, total: 3 });
        assert!(
            screen.contains("– Skipped. The answer: b) notification"),
            "{screen}"
        );
        assert!(screen.contains("Input ended"), "{screen}");
    }

    #[test]
    fn summary_uses_latest_answers_for_the_standing() {
        let quiz = quiz();
        let (outcome, _, _) = run(&quiz, "a\n");
        let session = Session {
            quiz: &quiz,
            title: "Demo",
            questions: vec![&quiz.questions[0]],
            retry: true,
            lang: Lang::En,
            seed: 1,
            echo: true,
        };
        let latest = BTreeMap::from([
            ("tf".to_string(), true),
            ("kind".to_string(), true),
            ("short".to_string(), true),
        ]);
        let mut out = Vec::new();
        write_summary(&mut out, &session, &outcome, &latest).unwrap();
        let screen = crate::render::style::plain(&String::from_utf8(out).unwrap());
        assert!(screen.contains("Quiz demo: passed · 3 of 3"), "{screen}");
        assert!(screen.contains("Score: 0 of 3"), "{screen}");
    }
}
