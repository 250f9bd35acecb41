// A reviewer's state as the screens show it (a badge: colour and text).
export type ReviewTone = "green" | "blue" | "orange" | "red";

const REVIEW_STATE_TONE: Record<string, ReviewTone> = {
  assigned: "orange",
  accepted: "blue",
  submitted: "green",
  conflict: "red",
};

export const reviewTone = (state: string): ReviewTone => REVIEW_STATE_TONE[state] ?? "orange";
