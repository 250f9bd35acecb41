// The applicant's questions about their grant (accept, withdraw: each a page
// of its own, docs/ui.md#confirmations) read the same: the application and its
// grant's state, from the API.
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as acceptance from "~/api/acceptance/contract";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";

/**
 * What the question shows of the application `id` and the version its "Yes"
 * posts; an application where `may` is false now (not granted any more, not
 * the caller's) goes back to its page.
 */
export async function grantQuestion(request: Request, id: number, may: "can_accept" | "can_withdraw") {
  const [app, progress, locale] = await Promise.all([
    api(request).read(applications.one, { param: { id } }),
    api(request).read(acceptance.timeline, { param: { id } }),
    i18next.getLocale(request),
  ]);
  if (!progress.acceptance[may]) throw redirect(`/application/${id}/review`);
  return { id, acronym: app.acronym, title: app.title, call: localizeField(locale, app.call, "title"), status: app.status, updated_at: progress.updated_at, late: progress.acceptance.late };
}
