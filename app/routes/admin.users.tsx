import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { DEFAULT_ROLE, isRole, ROLES } from "~/domain/roles";
import { assignRolesSchemaFor, USER_SORTS } from "~/domain/users";
import { listQuery } from "~/lib/list-query";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Pagination, SortHeader, type PageMeta } from "~/components/Pagination";
import { error as errorClass, hint as hintClass } from "~/components/Form.css";
import { button, secondaryButton } from "~/styles/layout.css";
import { titleKey } from "~/lib/document-title";
import { readForm } from "~/forms/read-form.server";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("users.title");

interface UserRow {
  id: number;
  display_name: string | null;
  email: string;
  roles: string[];
}
type UserList = { data: UserRow[]; meta: PageMeta };

/** Only values the API accepts travel on: a hand-edited URL shows the list, not an error. */
function cleanQuery(request: Request) {
  const query = listQuery(request, ["q", "role", "sort_by", "order", "page"]);
  if (typeof query.role === "string" && !isRole(query.role)) delete query.role;
  if (!USER_SORTS.includes(query.sort_by as (typeof USER_SORTS)[number])) delete query.sort_by;
  if (query.order !== "asc" && query.order !== "desc") delete query.order;
  return query as Record<string, string>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const query = cleanQuery(request);
  const list = await api(request).get<UserList>("/users", query);
  return json({ list, query, myId: me.id });
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const formData = await readForm(request, { schema: assignRolesSchemaFor(me.id) });
  if (formData.get("intent") !== "assign-roles") throw new Response("Bad Request", { status: 400 });
  const userId = Number(formData.get("user_id"));
  const submission = parseWithZod(formData, { schema: assignRolesSchemaFor(me.id) });
  if (submission.status !== "success") return json({ userId, result: submission.reply() }, { status: 400 });
  const saved = await api(request).write<UserRow>("POST", "/users/assign-role", submission.value);
  if (!saved.ok) {
    // Role errors belong to the checkboxes; anything else (the user is gone) to the form.
    const { roles, ...others } = saved.errors;
    const formErrors = [...Object.values(others).flat(), ...(saved.status === 409 ? [saved.message] : [])];
    return json({ userId, result: submission.reply({ fieldErrors: roles ? { roles } : {}, formErrors }) }, { status: 400 });
  }
  const url = new URL(request.url);
  return redirectWithAlert(request, url.pathname + url.search, successAlert("users.roles-saved"));
}

const nameOf = (u: UserRow) => u.display_name || u.email;
/** The id the error summary links to: the user's group of role checkboxes. */
const rolesGroupId = (userId: number) => `roles-${userId}-group`;

/** One user's roles as checkboxes and a "Save roles" button (works without JavaScript). */
function RolesForm({
  user,
  myId,
  lastResult,
  onErrors,
}: {
  user: UserRow;
  myId: number;
  lastResult?: SubmissionResult<string[]>;
  /** Tells the page's error summary what this form's errors are now. */
  onErrors: (userId: number, errors: string[]) => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `roles-${user.id}`,
    lastResult,
    defaultValue: { user_id: String(user.id), roles: user.roles },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignRolesSchemaFor(myId) }),
  });
  const initial = fields.roles.initialValue;
  const checked = new Set(Array.isArray(initial) ? initial : initial ? [initial] : []);
  const errors = [...(fields.roles.errors ?? []), ...(form.errors ?? [])];
  const errorKey = errors.join("\n");
  useEffect(() => onErrors(user.id, errorKey ? errorKey.split("\n") : []), [onErrors, user.id, errorKey]);
  const groupId = rolesGroupId(user.id);
  const errorId = `${groupId}-error`;
  const hintId = `${form.id}-hint`;
  const saving = navigation.state === "submitting" && navigation.formData?.get("user_id") === String(user.id);
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="assign-roles" />
      <input type="hidden" name="user_id" value={user.id} />
      <fieldset id={groupId} tabIndex={-1} className={u.bareFieldset}>
        <legend className="visually-hidden">{t("users.roles-of", { name: nameOf(user) })}</legend>
        {errors.length ? (
          <p id={errorId} className={`${errorClass} ${u.flush}`}>
            {errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <ul className={`${u.plainList} ${u.roleList}`}>
          {ROLES.map((role) => {
            const id = `${form.id}-${role}`;
            const kept = role === DEFAULT_ROLE;
            return (
              <li key={role}>
                <input
                  type="checkbox"
                  id={id}
                  name="roles"
                  value={role}
                  // Everyone keeps applicant (the API adds it back): shown, not editable.
                  defaultChecked={kept || checked.has(role)}
                  disabled={kept}
                  aria-describedby={kept ? hintId : errors.length ? errorId : undefined}
                  aria-invalid={errors.length && !kept ? true : undefined}
                />{" "}
                <label htmlFor={id}>{t(`roles.${role}`)}</label>
              </li>
            );
          })}
        </ul>
        <p id={hintId} className={`${hintClass} ${u.hintLine}`}>
          {t("users.applicant-kept")}
        </p>
      </fieldset>
      <button type="submit" className={secondaryButton} disabled={saving}>
        {saving ? t("status.saving") : t("users.save-roles")}
      </button>
    </Form>
  );
}

/** SPEC §2: the users list of the admin area, with role assignment (admins only). */
export default function AdminUsers() {
  const { list, query, myId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // Each row's form reports its errors (server replies and, with JavaScript,
  // its own validation); before hydration the action's reply is all there is.
  const [rowErrors, setRowErrors] = useState<Record<number, string[]>>({});
  const reportErrors = useCallback(
    (userId: number, errors: string[]) =>
      setRowErrors((prev) => ((prev[userId] ?? []).join("\n") === errors.join("\n") ? prev : { ...prev, [userId]: errors })),
    [],
  );
  const replyErrors = Object.values(actionData?.result.error ?? {}).flatMap((e) => e ?? []);
  // One link per failed form (its first error; the form shows them all).
  const summaryItems = list.data.flatMap((u) =>
    (rowErrors[u.id] ?? (actionData?.userId === u.id ? replyErrors : [])).slice(0, 1).map((message) => ({
      id: rolesGroupId(u.id),
      label: t("users.roles-of", { name: nameOf(u) }),
      message,
    })),
  );
  // Errors of a user no longer on this page still show, as errors of the form.
  const summaryFormErrors = actionData && !list.data.some((u) => u.id === actionData.userId) ? replyErrors : [];
  const sortBy = query.sort_by ?? "name";
  const order = query.order === "desc" ? "desc" : "asc";
  return (
    <>
      <h1>{t("users.title")}</h1>
      <ErrorSummary items={summaryItems} formErrors={summaryFormErrors} />
      <Form method="get" className={u.filterForm}>
        <label className={u.labelStack}>
          {t("users.search")}
          <input type="search" name="q" defaultValue={query.q ?? ""} />
        </label>
        <label className={u.labelStack}>
          {t("users.role")}
          <select name="role" defaultValue={query.role ?? ""}>
            <option value="">{t("users.all-roles")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        {query.sort_by ? <input type="hidden" name="sort_by" value={query.sort_by} /> : null}
        {query.order ? <input type="hidden" name="order" value={query.order} /> : null}
        <button type="submit" className={button}>
          {t("list.search")}
        </button>
      </Form>
      {list.data.length === 0 ? (
        <p>{t("users.none")}</p>
      ) : (
        <ScrollBox label={t("users.title")}>
        <table>
          <thead>
            <tr>
              <SortHeader column="name" label={t("users.name")} sortBy={sortBy} order={order} />
              <SortHeader column="email" label={t("users.email")} sortBy={sortBy} order={order} />
              <th scope="col">{t("users.roles")}</th>
              <th scope="col">{t("users.change-roles")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((u) => (
              <tr key={u.id}>
                <th scope="row">{nameOf(u)}</th>
                <td>{u.email}</td>
                <td>{u.roles.map((r) => t(`roles.${r}`)).join(", ")}</td>
                <td>
                  <RolesForm
                    // A saved change remounts the form so its boxes show what was stored.
                    key={`${u.id}:${u.roles.join(",")}`}
                    user={u}
                    myId={myId}
                    onErrors={reportErrors}
                    lastResult={actionData?.userId === u.id ? actionData.result : undefined}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollBox>
      )}
      <Pagination meta={list.meta} />
    </>
  );
}
