// An in-process call's JSON answer handed to the caller as its text, not through
// a Response body (docs/decisions/053-in-process-answers.md). Every signed-in page
// calls the API three or four times in-process (architecture.md#api-client); the
// Web streams behind a Response's body (made for the answer, then read back by
// the caller) were a tenth of such a page's CPU, more than the JSON itself.
// Answers over HTTP (/api, API_URL) are untouched.
import type { Context } from "hono";
import type { ApiEnv } from "./context";

/** The header naming an in-process answer kept in the call's own map: the number of the JSON answer made during the call. */
export const ANSWER_HEADER = "X-Portal-Answer";

/** What a call made in-process gives the API: where its JSON answers' texts go, by number. */
export type AnswerTexts = Map<string, string>;

type Json = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => Response;

/**
 * For a call made in-process (its env carries `answers`): `c.json` keeps the
 * JSON text there and answers with the same status and headers but no body,
 * naming the text in ANSWER_HEADER. Hono may copy the Response (a header set
 * after the handler); the header travels with it.
 */
export function keepJsonAnswers(c: Context<ApiEnv>): void {
  const answers = c.env?.answers;
  if (!answers) return;
  (c as unknown as { json: Json }).json = (object, arg, headers) => {
    const id = String(answers.size + 1);
    answers.set(id, JSON.stringify(object));
    // newResponse is Hono's c.json without the body (its headers, its status).
    const respond = c.newResponse as unknown as (data: null, arg: unknown, headers: Record<string, string | string[]>) => Response;
    return respond(null, arg, { "Content-Type": "application/json", ...headers, [ANSWER_HEADER]: id });
  };
}

const texts = new WeakMap<Response, string>();

/** Links the answer to its text, as `keepJsonAnswers` kept it during the call that answered it. */
export function answerFrom(res: Response, answers: AnswerTexts): Response {
  const id = res.headers.get(ANSWER_HEADER);
  const text = id === null ? undefined : answers.get(id);
  if (text !== undefined) texts.set(res, text);
  return res;
}

/** The answer's body as text: the kept text of an in-process JSON answer, else the body read. */
export function answerText(res: Response): Promise<string> {
  const text = texts.get(res);
  return text !== undefined ? Promise.resolve(text) : res.text();
}

/** The answer's body parsed as JSON (as Response#json does). */
export async function answerJson(res: Response): Promise<unknown> {
  return JSON.parse(await answerText(res));
}

/** The answer with its body in place (for a caller that passes it on as a Response). */
export function withBody(res: Response): Response {
  const text = texts.get(res);
  if (text === undefined) return res;
  const headers = new Headers(res.headers);
  headers.delete(ANSWER_HEADER);
  return new Response(text, { status: res.status, statusText: res.statusText, headers });
}
