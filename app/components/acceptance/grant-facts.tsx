import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { Localized } from "~/domain/localized";
import { LocalText } from "~/components/LocalText";

/** What the applicant's questions about their grant (accept, withdraw) show of it: call (in the reader's language, ADR 052), acronym, title, status. */
export const grantFacts = (t: TFunction, app: { call: Localized; acronym: string | null; title: string | null; status: string }): [string, ReactNode][] => [
  [t("my-applications.call"), <LocalText key="call" text={app.call} />],
  [t("my-applications.acronym"), app.acronym],
  [t("my-applications.title"), app.title],
  [t("review-page.status"), t(`applications.status.${app.status}`)],
];
