import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-applications");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application"]);
  return json({});
}

/** My applications. Until the application wizard exists nobody has any: say so plainly. */
export default function MyApplications() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("nav.my-applications")}</h1>
      <p>{t("applications.empty")}</p>
      <p>
        <Link to="/call">{t("applications.browse-calls")}</Link>
      </p>
    </>
  );
}
