import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { sectionOf, type StepSlug } from "~/domain/applications/steps";
import { fieldAnchor } from "~/components/wizard/field-anchor";
import * as u from "~/styles/utility.css";
import { fieldLabel } from "~/domain/applications/field-labels";
import * as css from "./Application.css";

export interface StepJudgement {
  slug: string;
  errors: Record<string, string[]>;
  suggestions: string[];
}

/**
 * A step's counters on the review ('{{count}} Error', 'Suggestion') and a link
 * to each faulty field, and to each suggested one, on its step (the step
 * itself is its card's Change link).
 */
export function StepIssues({ appId, slug, state }: { appId: number; slug: StepSlug; state: StepJudgement | undefined }) {
  const { t, i18n } = useTranslation();
  const section = sectionOf(slug);
  if (!section || !state) return null;
  const errors = Object.entries(state.errors);
  const label = (name: string) => fieldLabel(t, i18n, section, name);
  const headingId = `issues-${slug}`;
  return (
    <div aria-labelledby={headingId} role="group">
      <p id={headingId} className={css.counters}>
        <span className={errors.length ? css.errorCount : css.noIssue}>{t("validation.error-count", { count: errors.length })}</span>
        <span>{t("typography.label-value", { label: t("validation.suggestion"), value: String(state.suggestions.length) })}</span>
      </p>
      {errors.length ? (
        <ul className={u.tightList}>
          {errors.map(([name, messages]) => (
            <li key={name}>
              <Link to={fieldAnchor(appId, slug, name)}>{t("typography.label-value", { label: label(name), value: t(messages[0] ?? "validation.invalid") })}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {state.suggestions.length ? (
        <ul className={u.tightList}>
          {state.suggestions.map((name) => (
            <li key={name}>
              <Link to={fieldAnchor(appId, slug, name)}>{t("typography.label-value", { label: label(name), value: t("review-step.suggestion-text") })}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
