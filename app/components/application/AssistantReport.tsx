// What the assistant did to an application, for staff (docs/decisions/042-assistant-pre-fill.md):
// which assistant, when, who agreed to its disclaimer, each field it filled
// with the value it suggested and whether the applicant kept, confirmed or
// edited it, and its answer as given (ai_response).
import { useTranslation } from "react-i18next";
import type { AssistantStatus } from "~/components/wizard/AssistantPanel";
import { CaptionedTable } from "~/components/CaptionedTable";
import { formatInstant } from "~/components/application/instant";
import { assistantFieldLabel } from "~/domain/assistant/labels";
import * as css from "./AssistantReport.css";

export function AssistantReport({ status }: { status: AssistantStatus }) {
  const { t, i18n } = useTranslation();
  const result = status.result;
  if (!result) return null;
  return (
    <section aria-labelledby="assistant-report-title">
      <h2 id="assistant-report-title">{t("assistant.staff-title")}</h2>
      <p>
        {t("assistant.staff-by", {
          date: formatInstant(result.at, i18n.language),
          assistant: t(`assistant.kind.${result.assistant}`) + (result.model ? ` (${result.model})` : ""),
          who: status.agreed_by ?? "—",
          agreed: status.agreed_at ? formatInstant(status.agreed_at, i18n.language) : "—",
        })}
      </p>
      {result.fields.length ? (
        <CaptionedTable caption={t("assistant.done-title")} columns={[t("assistant.staff-field"), t("assistant.staff-value"), t("assistant.staff-origin")]}>
          {result.fields.map((f) => (
            <tr key={f.field}>
              <th scope="row">{assistantFieldLabel(t, f.field)}</th>
              <td>{Array.isArray(f.value) ? f.value.join(", ") : f.value}</td>
              <td>{t(`assistant.${f.origin}`)}</td>
            </tr>
          ))}
        </CaptionedTable>
      ) : (
        <p>{t("assistant.done-none")}</p>
      )}
      {result.raw !== null ? (
        <details>
          <summary>{t("assistant.staff-raw")}</summary>
          <pre className={css.raw} tabIndex={0}>{result.raw}</pre>
        </details>
      ) : null}
    </section>
  );
}
