import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as users from "~/api/users/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { isRole, ROLES } from "~/domain/users/roles";
import { USER_SORTS } from "~/domain/users/users";
import { listQuery } from "~/forms/list-query";
import { Pagination, SortHeader } from "~/components/Pagination";
import { Email, RoleNames } from "~/components/UserRoles";
import { userName } from "~/components/user-roles";
import { ScrollBox } from "~/components/ScrollBox";
import { emailUnderName, usersTable } from "~/components/UserScreens.css";
import { button } from "~/styles/layout.css";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("users.title");

/** Only values the API accepts travel on: a hand-edited URL shows the list, not an error. */
function cleanQuery(request: Request) {
  const query = listQuery(request, ["q", "role", "sort_by", "order", "page"]);
  if (typeof query.role === "string" && !isRole(query.role)) delete query.role;
  if (!USER_SORTS.includes(query.sort_by as (typeof USER_SORTS)[number])) delete query.sort_by;
  if (query.order !== "asc" && query.order !== "desc") delete query.order;
  return query as Record<string, string>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const query = cleanQuery(request);
  const list = await api(request).read(users.list, { query });
  return json({ list, query });
}

/** The users list (docs/ui.md#screens) of the admin area (admins only); each user's roles are changed on their own screen. */
export default function AdminUsers() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Keyed on the query: a client-side navigation shows the filters it leads to, not the last chosen (uncontrolled fields).
  const { search } = useLocation();
  const sortBy = query.sort_by ?? "name";
  const order = query.order === "desc" ? "desc" : "asc";
  return (
    <>
      <h1>{t("users.title")}</h1>
      <Form key={search} method="get" className={u.filterForm}>
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
          <table className={usersTable}>
            <thead>
              <tr>
                <SortHeader column="name" label={t("users.name")} sortBy={sortBy} order={order} />
                <SortHeader column="email" label={t("users.email")} sortBy={sortBy} order={order} />
                <th scope="col">{t("users.roles")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link to={`/admin/users/${user.id}`}>{userName(user)}</Link>
                    <span className={emailUnderName}>
                      <Email address={user.email} />
                    </span>
                  </th>
                  <td>
                    <Email address={user.email} />
                  </td>
                  <td>
                    <RoleNames roles={user.roles} />
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
