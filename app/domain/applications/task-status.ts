// The wizard's task list (docs/ui.md#wizard, ADR 048): each step's status,
// derived from what is stored (the draft's sections, the furthest step
// reached and the steps' judgement), so the API answers it and every screen
// shows the same.
import type { Draft } from "./draft";
import { STEP_COUNT, STEPS } from "./steps";
import type { StepState } from "./validation";

export const TASK_STATUSES = ["not-started", "in-progress", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * A step is completed once visited and valid: the applicant went on past it
 * (the stored step reached is after it, which Save and continue moves only
 * when every step up to it is valid) and it is valid now. A step not yet gone
 * past is in progress when its section holds something (saved, or prefilled
 * when the draft was started) and not started otherwise. The review, where the
 * application is submitted, is never completed in a draft: in progress once
 * reached.
 */
export function taskStatus(n: number, state: Pick<StepState, "complete">, draft: Draft, reached: number): TaskStatus {
  if (n === STEP_COUNT) return reached >= STEP_COUNT ? "in-progress" : "not-started";
  if (n < reached) return state.complete ? "completed" : "in-progress";
  const section = STEPS[n - 1]?.section;
  return section && draft[section] !== undefined ? "in-progress" : "not-started";
}

/** The judged steps with their task status. */
export function withTaskStatus<S extends StepState>(states: readonly S[], draft: Draft, reached: number): (S & { status: TaskStatus })[] {
  return states.map((s, i) => ({ ...s, status: taskStatus(i + 1, s, draft, reached) }));
}
