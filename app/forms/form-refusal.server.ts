import type { ApiFailure } from "~/api/client.server";

/**
 * The API's refusal as a form that shows it itself answers it (the reviewers'
 * forms, the staff panels): a message only when no field is named, the fields'
 * errors, whether the record was stale, and the reply's status — a refused
 * form is a 400 like every other form of the portal's (the API's 422), a stale one 409.
 */
export function formRefusal(result: ApiFailure, staleKey: string) {
  return {
    message: Object.keys(result.errors).length ? null : result.message,
    errors: result.errors,
    stale: result.status === 409 && result.message === staleKey,
    status: result.status === 422 ? 400 : result.status,
  };
}
