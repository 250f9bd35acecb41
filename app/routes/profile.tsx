import { Fragment } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useForm } from "~/components/use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as users from "~/api/users/contract";
import * as calendarApi from "~/api/calendar/contract";
import { CalendarFeed } from "~/components/CalendarFeed";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { countryOptionList } from "~/lib/countries.server";
import { PROFILE_FIELDS, profileSchema, type ProfileField } from "~/domain/users/profile";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Field, Fieldset, type Option } from "~/components/Field";
import { SelectOf } from "~/components/SelectOf";
import { invalidFields, SubmitButton } from "~/components/FormParts";
import { hint as hintClass } from "~/components/Form.css";
import { sectionTitle } from "~/components/UserScreens.css";
import { titleKey } from "~/lib/document-title";
import { card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";

export const handle = titleKey("profile.title");

export async function loader({ request }: LoaderFunctionArgs) {
  // ROUTE_RULES["/profile"]: any signed-in user; a signed-out visitor is sent to sign in and back here.
  await requireUser(request);
  const [me, countries, calendar] = await Promise.all([api(request).read(users.me), countryOptionList(request), api(request).read(calendarApi.feed)]);
  const values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, me[f] ?? ""])) as Record<ProfileField, string>;
  return json({ identity: { email: me.email, name: me.name, surname: me.surname }, values, countries, calendarFeed: calendar.feed });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readForm(request, { schema: profileSchema });
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  // The API keeps a field the body leaves out (docs/api.md#profile): the form names every field, blank to clear it.
  const body = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, submission.value[f] ?? ""]));
  const saved = await api(request).call(users.updateMe, { json: body });
  if (!saved.ok) {
    const formErrors = Object.keys(saved.errors).length ? [] : [saved.message];
    return json({ result: submission.reply({ fieldErrors: saved.errors, formErrors }) }, { status: 400 });
  }
  return redirectWithAlert(request, "/profile", successAlert("profile.saved"));
}

type Meta = FieldMetadata<string | undefined>;

/**
 * /profile: the signed-in user's own fields (docs/data.md#user). The e-mail, name and
 * surname are the identity provider's (written again at each sign-in), shown read-only.
 */
export default function Profile() {
  const { identity, values, countries, calendarFeed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: values,
    constraint: zodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const label = (name: string) => t(`profile-field.${name}`);
  const invalid = invalidFields(fields, PROFILE_FIELDS, label);

  const text = (name: ProfileField, type: "text" | "email" | "url" | "tel" = "text", autoComplete?: string) => (
    <ProfileInput meta={fields[name] as Meta} name={name} type={type} autoComplete={autoComplete} />
  );
  const country = (name: ProfileField) => <CountrySelect meta={fields[name] as Meta} name={name} options={countries} />;

  return (
    <>
      <h1>{t("profile.title")}</h1>
      <p>{t("profile.intro")}</p>
      <section aria-labelledby="identity-title" className={`${card} ${u.fieldGap}`}>
        <h2 id="identity-title" className={sectionTitle}>
          {t("profile.identity")}
        </h2>
        <p className={hintClass}>{t("profile.identity-hint")}</p>
        <dl className={`${u.facts} ${u.flush}`}>
          {(["email", "name", "surname"] as const).map((f) => (
            <Fragment key={f}>
              <dt className={u.strong}>{t(`profile.${f}`)}</dt>
              <dd className={u.fact}>{identity[f] || <span className={hintClass}>{t("users.not-given")}</span>}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <Fieldset title={t("profile.fieldsets.person")}>
          {text("email_cc", "email", "email")}
          {text("website", "url", "url")}
          {text("phone", "tel", "tel")}
          {text("address", "text", "street-address")}
          {country("nationality")}
          {text("orcid")}
        </Fieldset>
        <Fieldset title={t("profile.fieldsets.organization")}>
          {text("organization_name", "text", "organization")}
          {text("organization_address")}
          {text("organization_email", "email")}
          {country("organization_country")}
        </Fieldset>
        <SubmitButton busy={navigation.state === "submitting" && navigation.formAction === "/profile"}>{t("profile.submit")}</SubmitButton>
      </Form>
      <section aria-labelledby="my-data-title" className={`${card} ${u.fieldGap}`}>
        <h2 id="my-data-title" className={sectionTitle}>
          {t("profile.data-title")}
        </h2>
        <p>{t("profile.data-intro")}</p>
        <p>
          {/* A plain link: the zip is streamed to the browser, with or without JavaScript. */}
          <a href="/profile/data" type="application/zip" download>
            {t("profile.data-download")}
          </a>
        </p>
      </section>
      <section aria-labelledby="calendar-feed-title" className={`${card} ${u.fieldGap}`}>
        <h2 id="calendar-feed-title" className={sectionTitle}>
          {t("calendar.feed-title")}
        </h2>
        <CalendarFeed feed={calendarFeed} titleId="calendar-feed-title" />
      </section>
    </>
  );
}

const hintOf = (t: ReturnType<typeof useTranslation>["t"], name: string) => t(`profile-field.${name}-hint`, { defaultValue: "" }) || undefined;

function ProfileInput({ meta, name, type, autoComplete }: { meta: Meta; name: string; type: "text" | "email" | "url" | "tel"; autoComplete?: string }) {
  const { t } = useTranslation();
  return (
    <Field id={meta.id} label={t(`profile-field.${name}`)} hint={hintOf(t, name)} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => (
        <input
          {...getInputProps(meta, { type, ariaAttributes: false })}
          {...aria}
          autoComplete={autoComplete}
          required={false}
          aria-required={meta.required || undefined}
        />
      )}
    </Field>
  );
}

function CountrySelect({ meta, name, options }: { meta: Meta; name: string; options: Option[] }) {
  const { t } = useTranslation();
  return (
    <Field id={meta.id} label={t(`profile-field.${name}`)} hint={hintOf(t, name)} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => (
        <SelectOf props={getSelectProps(meta, { ariaAttributes: false })} {...aria} required={false} options={options} placeholder={t("profile.choose-country")} />
      )}
    </Field>
  );
}
