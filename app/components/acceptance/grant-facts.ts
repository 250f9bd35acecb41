import type { TFunction } from "i18next";

/** What the applicant's questions about their grant (accept, withdraw) show of it: call, acronym, title, status. */
export const grantFacts = (t: TFunction, app: { call: string; acronym: string | null; title: string | null; status: string }): [string, string | null][] => [
  [t("my-applications.call"), app.call],
  [t("my-applications.acronym"), app.acronym],
  [t("my-applications.title"), app.title],
  [t("review-page.status"), t(`applications.status.${app.status}`)],
];
