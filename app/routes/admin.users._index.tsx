import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as users from "~/api/users/contract";
import { isRole, ROLES } from "~/domain/users/roles";
import { USER_SORTS } from "~/domain/users/users";
import { listQuery } from "~/forms/list-query";
import { listLoader } from "~/forms/admin-list.server";
import { ListTable } from "~/components/AdminList";
import { Email, RoleNames } from "~/components/UserRoles";
import { userName } from "~/components/user-roles";
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
  return listLoader(request, "/admin/users", async (client) => {
    const query = cleanQuery(request);
    return { list: await client.read(users.list, { query }), query };
  });
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
      <ListTable
        label={t("users.title")}
        className={usersTable}
        empty={{ text: t("users.none") }}
        rows={list.data}
        meta={list.meta}
        sortBy={sortBy}
        order={order}
        columns={[
          {
            sort: "name",
            label: t("users.name"),
            rowHeader: true,
            cell: (user) => (
              <>
                <Link to={`/admin/users/${user.id}`}>{userName(user)}</Link>
                <span className={emailUnderName}>
                  <Email address={user.email} />
                </span>
              </>
            ),
          },
          { sort: "email", label: t("users.email"), cell: (user) => <Email address={user.email} /> },
          { label: t("users.roles"), cell: (user) => <RoleNames roles={user.roles} /> },
        ]}
      />
    </>
  );
}
