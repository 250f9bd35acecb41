import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as calendarApi from "~/api/calendar/contract";
import { requireUser } from "~/auth/user.server";
import { fileMissing, passFileOn } from "~/lib/file-response.server";
import { readerLanguage } from "~/lib/reader-language.server";

/**
 * /deadline/{view}-{application id}.ics: one of the signed-in person's
 * deadlines as a file to add to their calendar (docs/ui.md#home; ADR 050), in
 * their language, through the API with the session's token; a deadline that
 * is not theirs (or no longer has one) is the 404 screen.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const file = params.file ?? "";
  if (!/^[a-z]+-[1-9]\d{0,9}\.ics$/.test(file)) return fileMissing(request, MISSING);
  try {
    return passFileOn(await api(request).download(calendarApi.deadlineFile, { param: { file }, query: { lang: await readerLanguage(request) } }));
  } catch (err) {
    if (err instanceof Response && [404, 422].includes(err.status)) return fileMissing(request, MISSING);
    throw err;
  }
}

// An address no route takes (not under /deadline/, which this route takes): the catch-all answers it with the 404 screen.
const MISSING = "/deadline-file/missing";
