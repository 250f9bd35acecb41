// The editor's status changes (docs/lifecycle.md#transitions), checked against the lifecycle table
// (app/domain/applications/lifecycle.ts): the named transition's
// pre-conditions and notes rule, or the override (any status, notes
// required). Each is the one status change of the pipeline, applyTransition.
import type { Db } from "~/db/database.server";
import { applyTransition } from "../applications/transition.server";
import type { ChangeStatusBody, StatusEndpoint, TransitionBody } from "./intake-bodies";

export { factColumns, factsOf, lifecycleFacts, STALE } from "../applications/transition.server";

/**
 * PUT /api/applications/{id}/<endpoint>: the status change an editor asks for,
 * in one transaction with the version check, its history row and its notifications.
 * The body is parsed by the API's contract: the status is change-status's only.
 */
export async function changeStatus(db: Db, id: number, editorId: number, endpoint: StatusEndpoint, body: TransitionBody | ChangeStatusBody) {
  const input = { ...body, status: endpoint === "change-status" && "status" in body ? body.status : undefined };
  const { from, to } = await applyTransition(db, id, { who: "editor", endpoint, chosen: input.status, userId: editorId, readAt: input.updated_at, notes: input.notes });
  return { from, to };
}
