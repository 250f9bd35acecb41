import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useForm } from "~/components/use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as settingsApi from "~/api/settings/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { settingGroupTitleKey, settingLabelKey } from "~/domain/settings/settings-groups";
import { sectionSchema, settingSection, settingsSectionPath, type SettingSection } from "~/domain/settings/settings-sections";
import { readFormWithUploads } from "~/media/form.server";
import { mediumRef } from "~/forms/admin-form.server";
import { cachedContent } from "~/cache/content.server";
import { withChosenFiles, type MediaRef } from "~/components/FileField";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { SettingField } from "~/components/SettingField";
import { SettingsNav } from "~/components/SettingsNav";
import { OtherSectionErrors } from "~/components/OtherSectionErrors";
import { fieldset, legend } from "~/components/Form.css";
import { button } from "~/styles/layout.css";
import { titleFrom } from "~/lib/document-title";

// "Settings: AI assistant": each section's tab and history entry says which it is.
export const handle = titleFrom<{ section: string }>((d, t) => t("typography.label-value", { label: t("settings.title"), value: t(settingGroupTitleKey(d.section)) }));

/**
 * The section the URL names (`?section=<id>`, none: the first); any other value
 * is a 404, the same for the form's page and its post (docs/decisions/056-settings-sections.md).
 */
function requestedSection(request: Request): SettingSection {
  const section = settingSection(new URL(request.url).searchParams.get("section"));
  if (!section) throw new Response(null, { status: 404 });
  return section;
}

/**
 * The files the section's image settings name, for their upload fields: the one kept, or
 * uploaded by a refused post. For the form's page (`reader` given), each is
 * kept per reader until the next write (app/cache/content.server.ts): a file's
 * name changes only by a write, and asking the API for both on every view
 * cost a few percent of the page's CPU (docs/budgets.md#page-cost).
 */
async function imageRefs(request: Request, section: SettingSection, values: Record<string, unknown>, reader?: number): Promise<Record<string, MediaRef | null>> {
  const refs = await Promise.all(
    section.imageKeys.map(async (key) => {
      const id = Number(values[key]);
      if (!Number.isInteger(id) || id <= 0) return [key, null] as const;
      const ref = reader === undefined ? mediumRef(request, id) : cachedContent(`setting-image:${reader}:${id}`, () => mediumRef(request, id));
      return [key, await ref] as const;
    }),
  );
  return Object.fromEntries(refs);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, ROUTE_RULES["/admin/settings"]);
  const section = requestedSection(request);
  const { data, updated_at } = await api(request).read(settingsApi.get);
  // Only the section's values: the page and its data stay small (the version is still the whole table's).
  const shown = new Set(section.keys);
  const values = Object.fromEntries(data.filter((e) => shown.has(e.key)).map((e) => [e.key, e.value]));
  return json({ section: section.id, values, updatedAt: updated_at, images: await imageRefs(request, section, values, user.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/settings"]);
  const section = requestedSection(request);
  const schema = sectionSchema(section);
  // Chosen images are uploaded as the form is read and become medium ids.
  const { formData, uploadErrors } = await readFormWithUploads(request, { schema });
  // Only the section's keys are read and sent: the API keeps the others as they are.
  const submission = parseWithZod(formData, { schema });
  const refused = async (errors: { fieldErrors?: Record<string, string[]> }, stale: string | null = null) => {
    // A stored value of another section the API refuses (a logo never set) is named with a link to its section.
    const elsewhere = Object.keys(errors.fieldErrors ?? {}).filter((key) => !section.keys.includes(key));
    const fieldErrors = Object.fromEntries(Object.entries(errors.fieldErrors ?? {}).filter(([key]) => section.keys.includes(key)));
    const formErrors = elsewhere.length ? ["settings-form.elsewhere"] : undefined;
    const result = submission.reply({ fieldErrors, formErrors });
    return json({ result, images: await imageRefs(request, section, submission.payload), stale, elsewhere }, { status: 400 });
  };
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return refused({ fieldErrors: uploadErrors });
  // The version the form was loaded at: a save by someone else meanwhile, in any section, is a 409.
  const body = { ...submission.value, updated_at: String(formData.get("updated_at") ?? "") };
  const saved = await api(request).call(settingsApi.put, { json: body });
  if (!saved.ok) return refused({ fieldErrors: saved.errors }, saved.status === 409 ? saved.message : null);
  return redirectWithAlert(request, settingsSectionPath(section.id), successAlert("settings.saved"));
}

/** One section's settings under its legend, each field with its label and help (docs/validation.md#settings-form, docs/ui.md#settings). */
export default function AdminSettings() {
  const { section: sectionId, values, updatedAt, images: savedImages } = useLoaderData<typeof loader>();
  const section = settingSection(sectionId)!;
  const schema = sectionSchema(section);
  const actionData = useActionData<typeof action>();
  const images = actionData?.images ?? savedImages;
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    // The section in the id: Conform starts afresh when the admin moves to another section.
    id: `settings-${section.id}`,
    lastResult: actionData?.result,
    defaultValue: values,
    constraint: zodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withChosenFiles(formData, { single: section.imageKeys }), { schema }),
  });
  // In the order the fields are shown.
  const shown = section.settings.flatMap((s) =>
    s.french
      ? [
          { key: s.key, label: t("form.version.en", { label: t(settingLabelKey(s.key)) }) },
          { key: s.french.key, label: t("form.version.fr", { label: t(settingLabelKey(s.key)) }) },
        ]
      : [{ key: s.key, label: t(settingLabelKey(s.key)) }],
  );
  const invalid = shown.filter((s) => fields[s.key]?.errors?.length).map((s) => ({
    id: fields[s.key].id,
    label: s.label,
    message: fields[s.key].errors![0],
  }));
  return (
    <>
      <h1>{t("settings.title")}</h1>
      <SettingsNav current={section.id} />
      {actionData?.stale ? <StaleNotice message={actionData.stale} reload="settings.stale-reload" href={settingsSectionPath(section.id)} /> : null}
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <OtherSectionErrors keys={actionData?.elsewhere ?? []} />
      {/* Errors come from the server too: the browser's own validation stays out of the way. */}
      <Form method="post" action={settingsSectionPath(section.id)} encType="multipart/form-data" {...getFormProps(form)} noValidate>
        <input type="hidden" name="updated_at" value={updatedAt ?? ""} />
        <fieldset className={fieldset}>
          <legend className={legend}>{t(settingGroupTitleKey(section.id))}</legend>
          {section.settings.map((s) => (
            <SettingField
              key={s.key}
              definition={s}
              field={fields[s.key] as FieldMetadata<string>}
              french={s.french ? (fields[s.french.key] as FieldMetadata<string>) : undefined}
              current={images[s.key]}
            />
          ))}
        </fieldset>
        <button type="submit" className={button} disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("status.saving") : t("settings.save")}
        </button>
      </Form>
    </>
  );
}
