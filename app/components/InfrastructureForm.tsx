import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useTranslation } from "react-i18next";
import {
  COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, infrastructureSchema, infrastructureStaffSchema, UNIT_COSTS, type InfrastructureInput,
} from "~/domain/infrastructures/infrastructure";
import { ErrorSummary } from "./ErrorSummary";
import { CheckboxField, Fieldset, type Option } from "./Field";
import { FileField, withChosenFiles, type MediaRef } from "./FileField";
import { invalidFields, SubmitButton } from "./FormParts";
import { InfrastructureTextInput, InfrastructureSelect, InfrastructureTextarea } from "./InfrastructureFields";
import { InfrastructurePeriods } from "./InfrastructurePeriods";

/** The form's values as strings: ids, yyyy-MM-dd days, "on" for ticked boxes, and the period rows. */
export type InfrastructureFormValues = Record<string, string | string[] | { date_from: string; date_to: string }[] | undefined>;

// The error summary follows the order of the form.
const FIELD_ORDER = [
  "name", "short_name", "type", "category", "country", "description", "website", "owner", "owner_contact", "installation_name",
  "ta_installation_number", "ra_installation_number", "ga_usage_cost_budget", "ga_other_cost_budget", "ga_access_quantity",
  "cost_calculation", "unit_cost_type", "actual_cost", "preset_unit_cost", "cost_per_unit", "manager_id", "administrators",
  "periods", "acceptance_agreement", "updated_at",
];

export interface InfrastructureFormProps {
  /** create and update are the editors' forms; staff is the manager's and administrators' (no staff fields). */
  mode: "create" | "update" | "staff";
  defaultValue: InfrastructureFormValues;
  lastResult?: SubmissionResult<string[]>;
  countries: Option[];
  users: Option[];
  agreement: MediaRef | null;
}

/**
 * A research infrastructure (docs/data.md#research-infrastructure): every field, in fieldsets, validated by the
 * shared schema in the browser (with JavaScript) and always by the action and
 * the API. Posts as multipart for the acceptance agreement.
 */
export function InfrastructureForm({ mode, defaultValue, lastResult, countries, users, agreement }: InfrastructureFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = mode === "staff" ? infrastructureStaffSchema : infrastructureSchema;
  const [form, fields] = useForm<Partial<InfrastructureInput>>({
    id: `infrastructure-${mode}`,
    lastResult,
    defaultValue,
    constraint: zodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withChosenFiles(formData, { single: ["acceptance_agreement"] }), { schema }),
  });
  const all = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const label = (name: string) => t(`infrastructure-field.${name}`);
  const lookup = (list: readonly { value: string }[], prefix: string) => list.map((l) => ({ value: l.value, label: t(`${prefix}.${l.value}`) }));

  const invalid = invalidFields(fields, FIELD_ORDER, label);
  fields.periods.getFieldList().forEach((row, index) => {
    // getFieldset() is a proxy: its fields are read by name, not enumerated.
    const period = row.getFieldset();
    for (const key of ["date_from", "date_to"] as const) {
      const meta = period[key];
      if (meta.errors?.length) invalid.push({ id: meta.id, label: t(`infrastructure-field.${key}-n`, { n: index + 1 }), message: meta.errors[0] });
    }
  });
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const money = (name: "ga_usage_cost_budget" | "ga_other_cost_budget" | "cost_per_unit") => (
    <InfrastructureTextInput meta={all[name]} name={name} type="money" />
  );

  return (
    <>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode !== "create" ? <input {...getInputProps(fields.updated_at, { type: "hidden" })} /> : null}
        <Fieldset title={t("infrastructure.fieldset-general")}>
          <InfrastructureTextInput meta={all.name} name="name" />
          <InfrastructureTextInput meta={all.short_name} name="short_name" />
          <InfrastructureTextInput meta={all.type} name="type" />
          <InfrastructureSelect meta={all.category} name="category" options={lookup(INFRASTRUCTURE_CATEGORIES, "infrastructure-category")} />
          <InfrastructureSelect meta={all.country} name="country" options={countries} />
          <InfrastructureTextarea meta={all.description} name="description" />
          <InfrastructureTextInput meta={all.website} name="website" type="url" />
        </Fieldset>

        <Fieldset title={t("infrastructure.fieldset-installation")}>
          <InfrastructureTextInput meta={all.owner} name="owner" />
          <InfrastructureTextInput meta={all.owner_contact} name="owner_contact" />
          <InfrastructureTextInput meta={all.installation_name} name="installation_name" />
          <InfrastructureTextInput meta={all.ta_installation_number} name="ta_installation_number" />
          <InfrastructureTextInput meta={all.ra_installation_number} name="ra_installation_number" />
        </Fieldset>

        <Fieldset title={t("infrastructure.fieldset-costs")}>
          {money("ga_usage_cost_budget")}
          {money("ga_other_cost_budget")}
          <InfrastructureTextInput meta={all.ga_access_quantity} name="ga_access_quantity" type="integer" />
          <InfrastructureSelect meta={all.cost_calculation} name="cost_calculation" options={lookup(COST_CALCULATIONS, "infrastructure-cost-calculation")} />
          <InfrastructureSelect meta={all.unit_cost_type} name="unit_cost_type" options={lookup(UNIT_COSTS, "infrastructure-unit-cost")} />
          <CheckboxField meta={all.actual_cost} label={label("actual_cost")} />
          <CheckboxField meta={all.preset_unit_cost} label={label("preset_unit_cost")} />
          {money("cost_per_unit")}
        </Fieldset>

        {mode !== "staff" ? (
          <Fieldset title={t("infrastructure.fieldset-staff")}>
            <InfrastructureSelect meta={all.manager_id} name="manager_id" options={users} empty={t("infrastructure.no-manager")} />
            <InfrastructureSelect meta={all.administrators} name="administrators" options={users} multiple />
          </Fieldset>
        ) : null}

        <InfrastructurePeriods form={form as never} periods={fields.periods as FieldMetadata<{ date_from?: string; date_to?: string }[] | undefined>} />

        <Fieldset title={t("infrastructure.fieldset-documents")}>
          <FileField
            id={all.acceptance_agreement.id}
            name="acceptance_agreement"
            label={label("acceptance_agreement")}
            hint={t("infrastructure-field.acceptance_agreement-hint")}
            errors={all.acceptance_agreement.errors}
            required={all.acceptance_agreement.required ?? false}
            current={agreement ? [agreement] : []}
          />
        </Fieldset>

        <SubmitButton busy={submitting}>{t(mode === "create" ? "infrastructure.submit-create" : "infrastructure.submit-update")}</SubmitButton>
      </Form>
    </>
  );
}
