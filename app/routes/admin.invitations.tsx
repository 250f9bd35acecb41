import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as invitations from "~/api/invitations/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { idFromText } from "~/domain/id-rules";
import { INVITABLE_ROLES, inviteSchema, splitEmails } from "~/domain/notifications/invitation-form";
import { checkedBody } from "~/forms/checked-body.server";
import { readForm } from "~/forms/read-form.server";
import { pageParam } from "~/forms/list-query";
import { ListFilters, SearchFilter } from "~/components/AdminList";
import { PagedTable } from "~/components/PagedTable";
import { ErrorSummary } from "~/components/ErrorSummary";
import { INVITATION_COLUMNS, InvitationRows } from "~/components/InvitationRows";
import { error as errorClass, field, fieldset, hint, label, legend } from "~/components/Form.css";
import { button } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.admin-invitations");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/invitations"]);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.slice(0, 255) || undefined;
  const report = await api(request).read(invitations.report, { query: { q, page: pageParam(params.get("page")) } });
  return json({ ...report, q });
}

/** The invitation form: POST /api/invite-evaluators; its field errors come back to the form, with what was typed. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/invitations"]);
  const form = await readForm(request);
  const values = { emails: String(form.get("emails") ?? ""), role: String(form.get("role") ?? ""), application_id: String(form.get("application_id") ?? "").trim() };
  const application = values.application_id ? (idFromText(values.application_id) ?? 0) : null;
  const body = checkedBody(inviteSchema, { emails: splitEmails(values.emails), role: values.role, application_id: application });
  const sent = body.ok ? await api(request).call(invitations.invite, { json: body.data }) : body;
  if (!sent.ok) {
    // Per-address messages (emails[3]) are shown once, on the addresses field.
    const errors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(sent.errors)) (errors[k.replace(/\[\d+\]$/, "")] ??= []).push(...v);
    if (!Object.keys(errors).length) errors.emails = [sent.message];
    // A refused form is a 400 reply (the API's 422), as the other forms'.
    return json({ values, errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [...new Set(v)]])) }, 400);
  }
  return redirectWithAlert(request, "/admin/invitations", successAlert("notifications.invitations.sent"));
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  const { t } = useTranslation();
  if (!messages?.length) return null;
  return (
    <span id={id} className={errorClass}>
      {messages.map((m) => t(m)).join(" ")}
    </span>
  );
}

/** /admin/invitations: invite addresses to a role (optionally for one application), and the report of every invitation. */
export default function AdminInvitations() {
  const { t } = useTranslation();
  const { data, meta, q } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string[]> = result?.errors ?? {};
  const described = (name: string, withHint = false) =>
    [withHint ? `invite-${name}-hint` : "", errors[name] ? `invite-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <h1>{t("nav.admin-invitations")}</h1>
      <ErrorSummary
        items={(
          [
            ["emails", "invite-emails", "notifications.invitations.emails"],
            ["role", "invite-role", "notifications.invitations.role"],
            ["application_id", "invite-application", "notifications.invitations.application"],
          ] as const
        ).flatMap(([name, id, labelKey]) => (errors[name] ?? []).map((message) => ({ id, label: t(labelKey), message })))}
      />
      {/* A whole-page post with JavaScript too: the refused form comes back as the page it is (a 400), its summary focused. */}
      <Form method="post" className={fieldset} noValidate reloadDocument>
        <fieldset className={u.bareFieldset}>
          <legend className={legend}>{t("notifications.invitations.invite")}</legend>
          <div className={field}>
            <label className={label} htmlFor="invite-emails">
              {t("notifications.invitations.emails")}
            </label>
            <span id="invite-emails-hint" className={hint}>
              {t("notifications.invitations.emails-hint")}
            </span>
            <textarea id="invite-emails" name="emails" rows={4} defaultValue={result?.values.emails} aria-invalid={errors.emails ? true : undefined} aria-describedby={described("emails", true)} />
            <FieldError id="invite-emails-error" messages={errors.emails} />
          </div>
          <div className={field}>
            <label className={label} htmlFor="invite-role">
              {t("notifications.invitations.role")}
            </label>
            <select id="invite-role" name="role" defaultValue={result?.values.role ?? "evaluator"} aria-invalid={errors.role ? true : undefined} aria-describedby={described("role")}>
              {INVITABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
            <FieldError id="invite-role-error" messages={errors.role} />
          </div>
          <div className={field}>
            <label className={label} htmlFor="invite-application">
              {t("notifications.invitations.application")}
            </label>
            <span id="invite-application_id-hint" className={hint}>
              {t("notifications.invitations.application-hint")}
            </span>
            <input id="invite-application" name="application_id" inputMode="numeric" defaultValue={result?.values.application_id} aria-invalid={errors.application_id ? true : undefined} aria-describedby={described("application_id", true)} />
            <FieldError id="invite-application_id-error" messages={errors.application_id} />
          </div>
          <button type="submit" className={button} disabled={busy}>
            {t("notifications.invitations.send")}
          </button>
        </fieldset>
      </Form>

      <h2>{t("notifications.invitations.report")}</h2>
      <ListFilters label={t("notifications.invitations.filters")} labelHidden submit={t("notifications.screen.apply")}>
        <SearchFilter id="invitations-q" value={q} hint={t("notifications.invitations.search-hint")} />
      </ListFilters>
      <PagedTable
        label={t("notifications.invitations.report")}
        caption={t("notifications.invitations.caption", { count: meta.total })}
        columns={INVITATION_COLUMNS.map((c) => t(`notifications.invitations.${c}`))}
        meta={meta}
        empty={data.length === 0}
      >
        <InvitationRows data={data} />
      </PagedTable>
    </>
  );
}
