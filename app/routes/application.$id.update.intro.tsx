import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { Paragraphs } from "~/components/Paragraphs";
import { formatDay } from "~/domain/days";
import { card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.intro");

export const action = ({ request, params }: ActionFunctionArgs) => saveWizardStep(request, params.id, "intro");

const ASKED = ["project", "group", "logistics", "costs", "publications", "appendices"] as const;

/** Step 1, Before you start: what the steps ask, the call's dates, and the group-leader and appendix alerts. */
export default function IntroStep() {
  const { t, i18n } = useTranslation();
  const { app, texts } = useWizard();
  const actionData = useActionData<typeof action>();
  return (
    <WizardFrame slug="intro">
      <StepForm items={[]} actionData={actionData} first>
        <section className={card} aria-labelledby="intro-what">
          <h2 id="intro-what">{t("intro-step.what")}</h2>
          <ol className={u.tightList}>
            {ASKED.map((k) => (
              <li key={k}>{t(`intro-step.asked.${k}`)}</li>
            ))}
          </ol>
        </section>
        <section className={card} aria-labelledby="intro-dates">
          <h2 id="intro-dates">{t("intro-step.dates")}</h2>
          <dl className={u.facts}>
            <dt className={u.strong}>{t("intro-step.open")}</dt>
            <dd className={u.fact}>{formatDay(app.call.open_at, i18n.language)}</dd>
            <dt className={u.strong}>{t("intro-step.close")}</dt>
            <dd className={u.fact}>{formatDay(app.call.close_at, i18n.language)}</dd>
          </dl>
        </section>
        {texts["group-leader-alert"].text ? (
          <section className={card} aria-labelledby="intro-leader">
            <h2 id="intro-leader">{t("intro-step.leader")}</h2>
            <Paragraphs {...texts["group-leader-alert"]} />
          </section>
        ) : null}
        {texts["appendix-alert"].text ? (
          <section className={card} aria-labelledby="intro-appendices">
            <h2 id="intro-appendices">{t("intro-step.appendices")}</h2>
            <Paragraphs {...texts["appendix-alert"]} />
          </section>
        ) : null}
      </StepForm>
    </WizardFrame>
  );
}
