import { Fragment } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { DEFAULT_ROLE, ROLES } from "~/domain/users/roles";
import { assignRolesSchemaFor } from "~/domain/users/users";
import { error as errorClass, hint as hintClass } from "./Form.css";
import { ErrorSummary } from "./ErrorSummary";
import { roleGrid } from "./UserScreens.css";
import { SubmitButton } from "./FormParts";
import { emailParts, orderedRoles, roleErrorsOf, tickedRoles } from "./user-roles";
import * as u from "~/styles/utility.css";

/** A user's roles as text ("Applicant, Viewer"), in the portal's role order. */
export function useRoleNames(roles: readonly string[]): string {
  const { t } = useTranslation();
  return orderedRoles(roles).map((r) => t(`roles.${r}`)).join(", ");
}

/** A user's roles as text, e.g. in a table cell. */
export function RoleNames({ roles }: { roles: readonly string[] }) {
  return <>{useRoleNames(roles)}</>;
}

/** An e-mail address that breaks onto lines only after its "@" and before its dots (a narrow table column). */
export function Email({ address }: { address: string }) {
  return (
    <>
      {emailParts(address).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The id of the editor's group of checkboxes: what the error summary links to. */
export const ROLES_GROUP_ID = "roles-group";

/**
 * One user's role editor: the eight roles as checkboxes (applicant ticked and
 * locked: everyone keeps it) and "Save roles", one plain form posting to the
 * route's action, so it works without JavaScript. With JavaScript the shared
 * schema refuses an admin dropping their own admin role before posting; the
 * API refuses it either way. Its error summary sits at the top of the form.
 */
export function RolesEditor({
  user,
  name,
  myId,
  lastResult,
}: {
  user: { id: number; roles: string[] };
  /** The user's name, for the group's legend. */
  name: string;
  /** The signed-in admin, who may not drop their own admin role. */
  myId: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = assignRolesSchemaFor(myId);
  const [form, fields] = useForm({
    id: "roles",
    lastResult,
    defaultValue: { user_id: String(user.id), roles: user.roles },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const ticked = tickedRoles(fields.roles.initialValue);
  const roleErrors = roleErrorsOf(form.allErrors);
  const errors = [...roleErrors, ...(form.errors ?? [])];
  const errorId = `${ROLES_GROUP_ID}-error`;
  const hintId = `${form.id}-hint`;
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const legend = t("users.roles-of", { name });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <ErrorSummary
        items={roleErrors.slice(0, 1).map((message) => ({ id: ROLES_GROUP_ID, label: legend, message }))}
        formErrors={form.errors ?? []}
      />
      <input type="hidden" name="user_id" value={user.id} />
      <fieldset id={ROLES_GROUP_ID} tabIndex={-1} className={u.groupFieldset}>
        <legend className={u.strong}>{legend}</legend>
        {errors.length ? (
          <p id={errorId} className={`${errorClass} ${u.hintLine}`}>
            {errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <ul className={roleGrid}>
          {ROLES.map((role) => {
            const id = `${form.id}-${role}`;
            const kept = role === DEFAULT_ROLE;
            return (
              <li key={role} className={u.checkboxRow}>
                <input
                  type="checkbox"
                  id={id}
                  name="roles"
                  value={role}
                  defaultChecked={ticked.has(role)}
                  // Everyone keeps applicant (the API adds it back): shown, not editable.
                  disabled={kept}
                  aria-describedby={kept ? hintId : errors.length ? errorId : undefined}
                  aria-invalid={errors.length && !kept ? true : undefined}
                />
                <label htmlFor={id}>{t(`roles.${role}`)}</label>
              </li>
            );
          })}
        </ul>
        <p id={hintId} className={`${hintClass} ${u.hintLine}`}>
          {t("users.applicant-kept")}
        </p>
      </fieldset>
      <SubmitButton busy={saving}>{t("users.save-roles")}</SubmitButton>
    </Form>
  );
}
