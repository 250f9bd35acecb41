// A reviewer's state (docs/lifecycle.md#evaluation): assigned, then accepted (the
// declarations saved) or conflict (with its note); an evaluator's ends
// submitted. The list, its narrowing from the text column, and its badge
// (colour and text) on the screens. Free of zod: the screens load it.
import { narrowingTo } from "../closed-set";

export const REVIEWER_STATES = ["assigned", "accepted", "conflict", "submitted"] as const;
export type ReviewerState = (typeof REVIEWER_STATES)[number];

/** A reviewer's state as read from the database (a text column); throws on a value not in the list. */
export const reviewerStateOf = narrowingTo(REVIEWER_STATES, "reviewer state");

export type ReviewTone = "green" | "blue" | "orange" | "red";

const REVIEW_STATE_TONE: Record<ReviewerState, ReviewTone> = {
  assigned: "orange",
  accepted: "blue",
  submitted: "green",
  conflict: "red",
};

export const reviewTone = (state: ReviewerState): ReviewTone => REVIEW_STATE_TONE[state];
