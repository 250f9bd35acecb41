import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as lookups from "~/api/lookups/contract";
import { requireUser } from "~/auth/user.server";
import { countryOptionList } from "~/lib/countries.server";
import { groupDraft, type GroupDraft } from "~/domain/applications/step-group";
import { lookupLabel } from "~/domain/lookups/label";
import type { LookupItem, LookupList } from "~/domain/lookups/lists";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useStepDefaults, useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { MEMBER_FORM_ORDER, MemberRow } from "~/components/wizard/MemberRow";
import type { SummaryItem } from "~/components/ErrorSummary";
import { FieldMessages } from "~/components/Field";
import { titleKey } from "~/lib/document-title";
import { secondaryButton } from "~/styles/layout.css";

export const handle = titleKey("wizard.steps.user-group");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [genders, statuses, organizationTypes, countries] = await Promise.all([
    api(request).read(lookups.genders),
    api(request).read(lookups.researcherStatus),
    api(request).read(lookups.organizationType),
    countryOptionList(request),
  ]);
  // Code and name pairs, not option objects: the page's data carries ~250 of them (ADR 020).
  return json({ genders: genders.data, statuses: statuses.data, organizationTypes: organizationTypes.data, countries: countries.map((c) => [c.value, c.label] as const) });
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  saveWizardStep(request, params.id, "user-group", { schema: groupDraft, keyed: ["members"] });

/**
 * Step 4, User group: the members as numbered rows (Add a member, Remove),
 * exactly one of them the group leader. The first member was filled from the
 * applicant's profile when the draft was started.
 */
export default function UserGroupStep() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<GroupDraft>({
    id: "group",
    lastResult: actionData?.result,
    defaultValue: useStepDefaults("group"),
  });
  const members = fields.members;
  const rows = members.getFieldList();
  const labelled = (list: LookupList, items: LookupItem[]) => items.map((i) => ({ value: i.value, label: lookupLabel(t, list, i) }));
  const options = {
    countries: loaded.countries.map(([value, label]) => ({ value, label })),
    genders: labelled("genders", loaded.genders),
    statuses: labelled("researcher-status", loaded.statuses),
    organizationTypes: labelled("organization-type", loaded.organizationTypes),
  };
  const items: SummaryItem[] = [
    ...(members.errors?.length ? [{ id: members.id, label: t("group-step.members"), message: members.errors[0] }] : []),
    ...rows.flatMap((row, i) => {
      const f = row.getFieldset();
      return MEMBER_FORM_ORDER.flatMap((name) => {
        const errors = f[name].errors;
        const field = t(`group-step.${name}`);
        return errors?.length ? [{ id: f[name].id, label: t("group-step.member-field", { n: i + 1, field }), message: errors[0] }] : [];
      });
    }),
  ];
  return (
    <WizardFrame slug="user-group">
      <StepForm form={form} items={items} actionData={actionData}>
        <p>{t("group-step.intro")}</p>
        {/* The list's own errors (no leader, two leaders, no member): the summary links here. */}
        <div id={members.id} tabIndex={-1}>
          <FieldMessages id={members.id} errors={members.errors} />
          {rows.length === 0 ? <p>{t("group-step.no-members")}</p> : null}
          {rows.map((row, index) => (
            <MemberRow
              key={row.key}
              row={row}
              index={index}
              options={options}
              removeProps={form.remove.getButtonProps({ name: members.name, index })}
              young={texts["young-description"]}
              consortium={{ ask: app.settings.askConsortium, url: texts.consortium.text }}
            />
          ))}
        </div>
        <button className={secondaryButton} {...form.insert.getButtonProps({ name: members.name, defaultValue: {} })}>
          {t("group-step.add")}
        </button>
      </StepForm>
    </WizardFrame>
  );
}
