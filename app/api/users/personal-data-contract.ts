// A person's data (docs/api.md#personal-data; ADR 054): the signed-in person's
// own zip (GDPR articles 15 and 20), and an admin's erasure of a person
// (article 17).
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";
import { UserDetail } from "./contract";

export const exportMine = createRoute({
  method: "get",
  path: "/users/me/export",
  security: bearer,
  summary: "Everything the portal holds about the signed-in person, as a zip: data.json and their uploaded files, streamed",
  description:
    "For the signed-in person only, about themself. `data.json` holds their profile, roles and permissions, the applications they own (with " +
    "their drafts, history and report), those whose group names them (their own member entries only), their accesses, publications, " +
    "evaluations, declarations and watchdog reviews, notifications, the e-mails sent to them, their calendar feed's language and date, " +
    "their sessions' dates and their invitations; `files/` holds the files they uploaded (docs/data.md#personal-data). Never a token, a " +
    "token's hash, a session's id or content, nor the sign-in subject. An error after the first byte cuts the download.",
  responses: {
    200: { description: "The person's data (zip)", content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } },
    401: errorResponses[401],
  },
});

export const erase = createRoute({
  middleware: [allow("admin")] as const,
  method: "post",
  path: "/users/{id}/erase",
  security: bearer,
  summary: "Erase a person: their personal fields replaced by a pseudonym, their sign-in, sessions, calendar feed and own files gone (admin)",
  description:
    "In one transaction (docs/data.md#personal-data). Their applications, evaluations and the statistics keep their numbers. 409 " +
    "errors.erase-in-progress while they own a live application that is not in a final status (not-eligible, rejected, withdrawn, reported, " +
    "canceled); 409 errors.erase-self for the admin themself. Erasing an erased person changes nothing and answers the same. No body.",
  request: { params: IdParam },
  responses: {
    200: json(UserDetail),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("The person owns an application in progress, or is the caller"),
    422: errorResponses[422],
  },
});
