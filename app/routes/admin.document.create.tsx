import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { submitDocumentForm } from "~/forms/document-form.server";
import { DocumentForm } from "~/components/DocumentForm";
import { AdminFormScreen } from "~/components/AdminForm";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("document.create-title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  return submitDocumentForm(request, { mode: "create" });
}

const DEFAULTS = { status: "draft" };

/** /admin/document/create: a new document, a draft unless published with a file. */
export default function CreateDocument() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen back="/admin/document" backLabel={t("document.back")} title={t("document.create-title")}>
      <DocumentForm mode="create" defaultValue={DEFAULTS} lastResult={actionData?.result} attachments={actionData?.attachments ?? []} />
    </AdminFormScreen>
  );
}
