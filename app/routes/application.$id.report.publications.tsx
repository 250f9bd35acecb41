import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as publications from "~/api/reporting/publications-contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { idFromText } from "~/domain/id-rules";
import { PUBLICATION_TYPES } from "~/domain/reporting/parts";
import { publicationBody } from "~/domain/reporting/publication-bodies";
import { checkedBody } from "~/forms/checked-body.server";
import { routeId } from "~/forms/route-id";
import { readForm } from "~/forms/read-form.server";
import { formRefusal } from "~/forms/form-refusal.server";
import { numberOf } from "~/forms/report-form.server";
import { text } from "~/forms/review-form.server";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/ErrorSummary";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportFrame, useNeighbours } from "~/components/reporting/ReportFrame";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "~/components/wizard/Wizard.css";
import * as u from "~/styles/utility.css";
import { hint } from "~/components/Form.css";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  return json({ list: await api(request).read(publications.list, { param: { id } }) });
}

const FIELDS = ["title", "authors", "year", "publication_type", "references", "doi", "web_address"] as const;

/** add: POST the publication; remove: DELETE one. Back here with the outcome; a refused one keeps what was typed. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const client = api(request);
  const back = `/application/${id}/report/publications`;
  if (text(form, "intent") === "remove") {
    const res = await client.call(publications.remove, { param: { id: idFromText(text(form, "publication_id") ?? "") ?? 0 } });
    if (res.ok) return redirectWithAlert(request, back, successAlert("reporting.publications.removed"));
    const { status, ...refused } = formRefusal(res, "reporting.errors.stale");
    return json({ ...refused, values: {} as Record<string, string> }, { status });
  }
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent") values[k] = v;
  // Fill from the DOI (docs/decisions/049-doi-metadata.md): the form comes back with the empty fields filled, nothing saved.
  // Enter in a field submits the form's first button, this one: without a DOI typed, that is an add.
  if (form.getAll("intent").includes("fill-doi") && text(form, "doi")?.trim()) {
    const res = await client.call(publications.doiMetadata, { param: { id }, query: { doi: text(form, "doi")!.trim() } });
    if (!res.ok) {
      const { status, ...refused } = formRefusal(res, "reporting.errors.stale");
      return json({ ...refused, values }, { status });
    }
    const { doi, ...found } = res.data;
    const filled = Object.fromEntries(Object.entries(found).filter(([k]) => !values[k]?.trim()).map(([k, v]) => [k, String(v)]));
    return json({ message: null, notice: "reporting.doi.filled", errors: {} as Record<string, string[]>, stale: false, values: { ...values, ...filled, doi } as Record<string, string> });
  }
  const body = checkedBody(publicationBody, Object.fromEntries(FIELDS.map((f) => [f, f === "year" ? numberOf(text(form, f)) : text(form, f)?.trim() || undefined])));
  const res = body.ok ? await client.call(publications.add, { param: { id }, json: body.data }) : body;
  if (res.ok) return redirectWithAlert(request, back, successAlert("reporting.publications.added"));
  const { status, ...refused } = formRefusal(res, "reporting.errors.stale");
  return json({ ...refused, values }, { status });
}

/** The publications part: those listed so far (each can be removed) and a form to add one; open after the report is submitted too. */
export default function ReportPublications() {
  const { t } = useTranslation();
  const { list } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { next } = useNeighbours("publications");
  const errors = posted?.errors ?? {};
  const value = (f: string) => posted?.values[f] ?? "";
  return (
    <ReportFrame part="publications">
      <p>{t("reporting.publications.intro")}</p>
      <FormMessage message={posted?.message} />
      {posted && "notice" in posted ? <p role="status">{t(String(posted.notice))}</p> : null}
      <ErrorSummary items={Object.entries(errors).map(([f, m]) => ({ id: `publication-${f}`, label: t(`reporting.publications.${f}`, { defaultValue: f }), message: m[0] }))} />
      {list.publications.length ? (
        <ul className={u.plainList}>
          {list.publications.map((p) => (
            <li key={p.id} className={css.rowFieldset}>
              <p className={u.flush} data-stored="">
                {p.authors ? `${p.authors} ` : ""}
                {p.year ? `(${p.year}) ` : ""}
                <cite>{p.title}</cite>
                {p.doi ? ` · doi:${p.doi}` : ""}
              </p>
              {list.can_edit ? (
                <Form method="post" className={u.fieldGap}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="publication_id" value={p.id} />
                  <button type="submit" className={secondaryButton} disabled={busy} aria-label={t("reporting.publications.remove-named", { title: p.title })}>
                    {t("reporting.publications.remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("reporting.view.no-publications")}</p>
      )}
      {list.can_edit ? (
        // Keyed by what the action sent back, so a form filled from the DOI shows its values with JavaScript on too.
        <Form method="post" noValidate key={JSON.stringify(posted?.values ?? {})}>
          <h2>{t("reporting.publications.add-title")}</h2>
          {FIELDS.map((f) => (
            <Field key={f} id={`publication-${f}`} label={t(`reporting.publications.${f}`)} hint={f === "doi" ? t("reporting.publications.doi-hint") : undefined} errors={errors[f]} required={f === "title"}>
              {(aria) =>
                f === "publication_type" ? (
                  <select {...aria} name={f} defaultValue={value(f)}>
                    <option value="">{t("reporting.publications.type-none")}</option>
                    {PUBLICATION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`reporting.publications.type.${type}`)}
                      </option>
                    ))}
                  </select>
                ) : f === "references" || f === "authors" ? (
                  <textarea {...aria} name={f} rows={2} maxLength={2000} defaultValue={value(f)} />
                ) : (
                  <input {...aria} name={f} inputMode={f === "year" ? "numeric" : undefined} type={f === "web_address" ? "url" : "text"} size={f === "year" ? 6 : undefined} defaultValue={value(f)} />
                )
              }
            </Field>
          )).flatMap((field, i) =>
            FIELDS[i] === "doi" && list.doi_metadata
              ? [
                  field,
                  <p key="fill-doi" className={u.fieldGap}>
                    <button type="submit" name="intent" value="fill-doi" className={secondaryButton} disabled={busy} aria-describedby="fill-doi-hint">
                      {t("reporting.publications.fill-doi")}
                    </button>{" "}
                    <span id="fill-doi-hint" className={hint}>{t("reporting.publications.fill-doi-hint")}</span>
                  </p>,
                ]
              : [field],
          )}
          <button type="submit" name="intent" value="add" className={button} disabled={busy}>
            {t("reporting.publications.add")}
          </button>
        </Form>
      ) : null}
      {next ? (
        <p className={css.buttons}>
          <Link to={`/application/${list.id}/report/${next}`} className={secondaryButton}>
            {t("reporting.publications.next")}
          </Link>
        </p>
      ) : null}
    </ReportFrame>
  );
}
