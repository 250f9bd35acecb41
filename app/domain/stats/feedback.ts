// The feedback survey's statistics (GET /api/stats/feedback), zod-free for
// the screen: the survey's questions and the answer's tables.

/** The survey's questions, each a 1–5 score and a free text (docs/data.md#report-and-feedback). */
export const FEEDBACK_QUESTIONS = ["coordination", "infrastructure", "overall"] as const;
export type FeedbackQuestion = (typeof FEEDBACK_QUESTIONS)[number];

/** The scores a question takes. */
export const FEEDBACK_SCORES = [1, 2, 3, 4, 5] as const;

/** The screen's tables, each a download: the scores' distribution, the recommend choice, the free-text answers. */
export const FEEDBACK_TABLES = ["scores", "recommend", "answers"] as const;
export type FeedbackTable = (typeof FEEDBACK_TABLES)[number];
