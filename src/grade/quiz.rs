//! The quiz part of a grade: each submission's answers file (`--quiz`, a path
//! inside the submission) graded by the quiz module, one point per right
//! answer, out of every question in the grader's quizzes.

use super::model::{QuestionGrade, QuizGrade};
use super::submission::{Submission, read_file};
use crate::content::Lang;
use crate::quiz::Quiz;
use crate::quiz::answers::grade_answers;
use std::path::Path;

pub fn grade_quiz(submission: &Submission, file: &Path, quizzes: &[Quiz], lang: Lang) -> QuizGrade {
    let all = || {
        quizzes
            .iter()
            .flat_map(|quiz| quiz.questions.iter().map(move |q| (quiz, q)))
    };
    let max_score = u32::try_from(all().count()).unwrap_or(u32::MAX);
    let unanswered = |problem: String| QuizGrade {
        score: 0,
        max_score,
        questions: all()
            .map(|(quiz, q)| QuestionGrade {
                quiz: quiz.id.clone(),
                id: q.id.clone(),
                answered: false,
                right: false,
            })
            .collect(),
        problem: Some(problem),
    };
    let text = match read_file(submission, file) {
        Ok(text) => text,
        Err(why) => return unanswered(why),
    };
    match grade_answers(file, &text, quizzes, None, lang) {
        Err(problems) => {
            let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
            unanswered(format!(
                "the answers file has problems, so it was not graded:\n{}",
                lines.join("\n")
            ))
        }
        Ok(graded) => {
            let questions: Vec<QuestionGrade> = all()
                .map(|(quiz, q)| {
                    let found = graded.iter().find(|g| g.question.id == q.id);
                    QuestionGrade {
                        quiz: quiz.id.clone(),
                        id: q.id.clone(),
                        answered: found.is_some_and(|g| g.answered),
                        right: found.is_some_and(|g| g.right),
                    }
                })
                .collect();
            let right = questions.iter().filter(|q| q.right).count();
            QuizGrade {
                score: u32::try_from(right).unwrap_or(u32::MAX),
                max_score,
                questions,
                problem: None,
            }
        }
    }
}
