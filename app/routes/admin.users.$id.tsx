import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as users from "~/api/users/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { i18next } from "~/i18n/i18next.server";
import { idFromText } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { assignRolesSchemaFor } from "~/domain/users/users";
import { RolesEditor, useRoleNames } from "~/components/UserRoles";
import { UserProfileFacts } from "~/components/UserProfileFacts";
import { userName, type UserProfile } from "~/components/user-roles";
import { detailGrid, sectionTitle } from "~/components/UserScreens.css";
import { titleFrom } from "~/lib/document-title";
import { card } from "~/styles/layout.css";

export const handle = titleFrom<{ user: UserProfile }>((d, t) => `${userName(d.user)} · ${t("users.title")}`);

/** The user of the URL: an id (else the not-found screen). */
function userIdOf(raw: string | undefined): number {
  const id = idFromText(raw ?? "");
  if (id === undefined) throw new Response("Not found", { status: 404 });
  return id;
}

/** The organization's country by name in the reader's language, when its code is a region code. */
function countryName(code: string | null, lng: string): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    const name = new Intl.DisplayNames([lng], { type: "region" }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const id = userIdOf(params.id);
  // An unknown user is the API's 404, thrown: the not-found screen.
  const [user, lng] = await Promise.all([api(request).read(users.one, { param: { id } }), i18next.getLocale(request)]);
  return json({ user, myId: me.id, countryName: countryName(user.organization_country, lng) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const id = userIdOf(params.id);
  const schema = assignRolesSchemaFor(me.id);
  const formData = await readForm(request, { schema });
  // The user is the one of the URL, whatever the form says.
  formData.set("user_id", String(id));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const saved = await api(request).call(users.assignRole, { json: submission.value });
  if (!saved.ok) {
    // The user is gone since the screen was read: nothing left to edit.
    if (saved.errors.user_id) throw new Response("Not found", { status: 404 });
    const { roles, ...others } = saved.errors;
    const formErrors = [...Object.values(others).flat(), ...(saved.status === 409 ? [saved.message] : [])];
    return json({ result: submission.reply({ fieldErrors: roles ? { roles } : {}, formErrors }) }, { status: 400 });
  }
  return redirectWithAlert(request, `/admin/users/${id}`, successAlert("users.roles-saved"));
}

/** /admin/users/{id}: one user's profile (read-only) and their roles, changed with one form. */
export default function AdminUser() {
  const { user, myId, countryName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const name = userName(user);
  const roleNames = useRoleNames(user.roles);
  return (
    <>
      <p>
        <Link to="/admin/users">{t("users.back")}</Link>
      </p>
      <h1>{name}</h1>
      <p>{t("users.current-roles", { roles: roleNames })}</p>
      <div className={detailGrid}>
        <section aria-labelledby="profile-title" className={card}>
          <h2 id="profile-title" className={sectionTitle}>
            {t("users.profile")}
          </h2>
          <UserProfileFacts user={user} countryName={countryName} />
        </section>
        {user.status === "active" && user.id !== myId && (
          <section aria-labelledby="erase-title" className={card}>
            <h2 id="erase-title" className={sectionTitle}>
              {t("erase-user.section")}
            </h2>
            <p>{t("erase-user.section-intro")}</p>
            <p>
              <Link to={`/admin/users/${user.id}/erase`}>{t("erase-user.link", { name })}</Link>
            </p>
          </section>
        )}
        {user.status === "erased" ? (
          <section aria-labelledby="erase-title" className={card}>
            <h2 id="erase-title" className={sectionTitle}>
              {t("erase-user.section")}
            </h2>
            <p>{t("erase-user.is-erased")}</p>
          </section>
        ) : (
          <section aria-labelledby="roles-title" className={card}>
            <h2 id="roles-title" className={sectionTitle}>
              {t("users.change-roles")}
            </h2>
            <RolesEditor
              // A saved change remounts the form so its boxes show what was stored.
              key={user.roles.join(",")}
              user={user}
              name={name}
              myId={myId}
              lastResult={actionData?.result}
            />
          </section>
        )}
      </div>
    </>
  );
}
