import type { ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { DefaultValue } from "@conform-to/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { STEPS, STEP_COUNT, stepNumber, type SectionKey, type StepSlug } from "~/domain/applications/steps";
import { asFormValues } from "./form-values";
import type { Success } from "~/api/contract";
import type { Draft } from "~/domain/applications/draft";
import type * as applications from "~/api/applications/contract";
import type { Localized } from "~/domain/localized";
import { TaskTag } from "./TaskTag";
import * as css from "./Wizard.css";

/** The settings' texts the steps show beside their fields. */
export const WIZARD_TEXTS = [
  "terms-of-service", "group-leader-alert", "group-leader-access-alert", "appendix-alert", "young-description",
  "extra-information-label", "working-region-label", "consortium", "recommendation-letter", "topic-specification",
] as const;

/** What the wizard's layout route (app/routes/application.$id.update.tsx) loads for every step. */
export interface WizardData {
  /** The application, its draft holding only the sections the step reads. */
  app: Success<typeof applications.one>;
  /** In the reader's language, else in English marked so (ADR 052). */
  texts: Record<(typeof WIZARD_TEXTS)[number], Localized>;
  /** What was typed before the session ended, as the step's form values. */
  kept: Record<string, unknown> | null;
}

/** The application every step route renders, read once by the wizard's layout route. */
export function useWizard() {
  const data = useRouteLoaderData<WizardData>("routes/application.$id.update");
  if (!data) throw new Error("useWizard outside /application/{id}/update");
  return data;
}

/**
 * A step form's default values, as its useForm takes them: what was typed
 * before the session ended, when it was kept through sign-in, else the
 * section as saved.
 */
export function useStepDefaults<S extends SectionKey>(section: S): DefaultValue<NonNullable<Draft[S]>> | undefined {
  const { app, kept } = useWizard();
  return stepDefaults<NonNullable<Draft[S]>>(app.draft[section], kept);
}

function stepDefaults<T>(saved: T | undefined, kept: WizardData["kept"]): DefaultValue<T> | undefined {
  // The kept post is this step's own form's (it is kept by the step's path), as
  // Conform read it: its fields are the form's, each as text, which is what a
  // default value holds. Its type, any record, cannot say which form it came from.
  if (kept) return kept as DefaultValue<T>;
  return saved === undefined ? undefined : asFormValues(saved);
}

/**
 * A step's frame: the application's name, "Step N of 9", the task list (every
 * step as a link with its status: not started, in progress, completed, from
 * the API's judgement, app/domain/applications/task-status.ts), and the step itself.
 */
export function WizardFrame({ slug, children }: { slug: StepSlug; children: ReactNode }) {
  const { t } = useTranslation();
  const { app, kept } = useWizard();
  const n = stepNumber(slug);
  const name = app.acronym || app.title || t("wizard.untitled");
  return (
    <div className={css.frame}>
      {/* The step first, the list of steps after it: on a phone the form is not pushed below nine links; on a wide screen the list sits in the left column. */}
      <div className={css.content}>
        <p className={css.counter}>
          {app.acronym || app.title ? t("wizard.title", { name }) : name} · {t("wizard.counter", { n, total: STEP_COUNT })}
        </p>
        <h1>{t(`wizard.steps.${slug}`)}</h1>
        {kept ? (
          <p role="status" className={css.keptNote}>
            {t("wizard.kept")}
          </p>
        ) : null}
        {children}
      </div>
      <nav aria-labelledby="wizard-steps-title" className={css.stepNav}>
        <h2 id="wizard-steps-title" className={css.counter}>
          {t("wizard.steps-nav")}
        </h2>
        <ol className={css.stepList}>
          {STEPS.map((s, i) => {
            const state = app.steps[i];
            const current = s.slug === slug;
            const tagId = `wizard-task-${s.slug}`;
            return (
              <li key={s.slug} className={`${css.task} ${current ? css.currentStep : ""}`}>
                <Link
                  to={`/application/${app.id}/update/${s.slug}`}
                  className={css.stepLink}
                  aria-current={current ? "step" : undefined}
                  aria-describedby={tagId}
                >
                  <span className={css.stepMark} aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>{t(`wizard.steps.${s.slug}`)}</span>
                </Link>
                <TaskTag id={tagId} status={state.status} />
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
