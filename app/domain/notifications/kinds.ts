import { formatDay, isDay } from "../days";

// What each notification kind says and where it leads; free of server code so
// the /notifications screen and the e-mails read the same table.

export const NOTIFICATION_KINDS = [
  "application-submitted",
  "status-changed",
  "assigned-evaluator",
  "assigned-watchdog",
  "assigned-viewer",
  "evaluation-reminder",
  "invitation",
  "application-at-my-ri",
  "sm-reminder",
  "sm-decisions-complete",
  "sm-decision-reopened",
  "agreement-signed",
  "agreement-countersigned",
  "grant-withdrawn",
  "report-submitted",
  "report-to-approve",
  "report-to-confirm",
  "report-reopened",
  "report-approved",
  "report-rejected",
  "report-confirmed",
  "report-reminder",
  "report-confirmation-reminder",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationParams = Record<string, string | number>;

/** The screen each kind leads to, for its recipient (null: the notification has no link). */
const LINKS: Record<NotificationKind, (applicationId: number | null) => string | null> = {
  "application-submitted": (id) => (id ? `/admin/application/${id}` : null),
  "status-changed": (id) => (id ? `/application/${id}/review` : null),
  "assigned-evaluator": () => "/my-evaluations",
  "assigned-watchdog": () => "/my-evaluations-reviews",
  "assigned-viewer": () => "/my-applications-reviews",
  "evaluation-reminder": () => "/my-evaluations",
  invitation: () => "/",
  "application-at-my-ri": (id) => (id ? `/application-at-my-ri/${id}` : "/application-at-my-ri"),
  "sm-reminder": () => "/application-at-my-ri?ri_status=pending",
  "sm-decisions-complete": (id) => (id ? `/admin/application/${id}` : null),
  "sm-decision-reopened": (id) => (id ? `/application-at-my-ri/${id}` : "/application-at-my-ri"),
  "agreement-signed": (id) => (id ? `/application/${id}/agreements` : null),
  "agreement-countersigned": (id) => (id ? `/application/${id}/agreements` : null),
  "grant-withdrawn": (id) => (id ? `/application-at-my-ri/${id}` : "/application-at-my-ri"),
  "report-submitted": (id) => (id ? `/admin/application/${id}` : null),
  "report-to-approve": (id) => (id ? `/my-evaluations-reviews/${id}` : "/my-evaluations-reviews"),
  "report-to-confirm": (id) => (id ? `/application-at-my-ri/${id}` : "/application-at-my-ri"),
  "report-reopened": (id) => (id ? `/application/${id}/report` : null),
  "report-approved": (id) => (id ? `/admin/application/${id}` : null),
  "report-rejected": (id) => (id ? `/application/${id}/report` : null),
  "report-confirmed": (id) => (id ? `/admin/application/${id}` : null),
  "report-reminder": (id) => (id ? `/application/${id}/report` : null),
  "report-confirmation-reminder": (id) => (id ? `/application-at-my-ri/${id}` : "/application-at-my-ri"),
};

export function notificationLink(kind: string, applicationId: number | null): string | null {
  const link = LINKS[kind as NotificationKind];
  return link ? link(applicationId) : null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The values a kind's text inserts: statuses are keys and days ISO dates, both shown in the reader's language. */
export function notificationValues(t: Translate, params: NotificationParams, application: string | null, lng = "en"): Record<string, string> {
  const values: Record<string, string> = { application: application ?? "" };
  for (const [k, v] of Object.entries(params)) values[k] = String(v);
  for (const k of ["from", "to"]) {
    if (typeof params[k] === "string") values[k] = t(`applications.status.${params[k]}`);
  }
  if (isDay(params.deadline)) values.deadline = formatDay(params.deadline, lng);
  return values;
}

/** "ACRO (#12)", or "#12" before an acronym is typed. */
export const applicationLabel = (id: number | null, acronym: string | null): string | null =>
  id === null ? null : acronym ? `${acronym} (#${id})` : `#${id}`;
