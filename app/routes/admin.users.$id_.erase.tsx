import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as users from "~/api/users/contract";
import * as personalData from "~/api/users/personal-data-contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";
import { ROUTE_RULES } from "~/domain/navigation";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Link } from "~/components/Link";
import { userName } from "~/components/user-roles";
import { titleKey } from "~/lib/document-title";
import { button, card, secondaryButton } from "~/styles/layout.css";
import * as css from "~/components/wizard/Wizard.css";

export const handle = titleKey("erase-user.title");

/** The person to erase; an erased one, or the admin themself, has nothing to confirm here: their screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const id = routeId(params.id);
  const user = await api(request).read(users.one, { param: { id } });
  if (user.status === "erased" || user.id === me.id) throw redirect(`/admin/users/${id}`);
  return json({ id: user.id, name: userName(user), email: user.email });
}

/** POST /api/users/{id}/erase; a refusal (an application in progress) is said on this page, with its reason. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/users"]);
  const id = routeId(params.id);
  await readForm(request);
  const erased = await api(request).call(personalData.erase, { param: { id } });
  if (!erased.ok) {
    if (erased.status === 404) throw new Response("Not found", { status: 404 });
    return json({ refused: erased.message }, { status: erased.status });
  }
  return redirectWithAlert(request, `/admin/users/${id}`, successAlert("erase-user.erased"));
}

/**
 * /admin/users/{id}/erase: "Erase this person?" (docs/data.md#personal-data),
 * saying what goes and what stays, answered by a real form, so it works
 * without JavaScript.
 */
export default function EraseUser() {
  const { t } = useTranslation();
  const user = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>
        <Link to={`/admin/users/${user.id}`}>{t("erase-user.back")}</Link>
      </p>
      <h1>{t("erase-user.title")}</h1>
      <ErrorSummary items={[]} formErrors={refused ? [refused] : []} />
      <section className={card} aria-labelledby="erase-who">
        <h2 id="erase-who">{user.name}</h2>
        <p>{user.email}</p>
      </section>
      <p>{t("erase-user.goes")}</p>
      <p>{t("erase-user.stays")}</p>
      <p>{t("erase-user.irreversible")}</p>
      <Form method="post">
        <div className={css.buttons}>
          <button type="submit" className={button} disabled={busy}>
            {t("erase-user.confirm")}
          </button>
          <Link to={`/admin/users/${user.id}`} className={secondaryButton}>
            {t("erase-user.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
