import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { pageFormOptions, submitPageForm } from "~/forms/page-form.server";
import { PageForm, previewOf } from "~/components/PageForm";
import { AdminFormScreen } from "~/components/AdminForm";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("page.create-title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  return json(await pageFormOptions(request));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  return submitPageForm(request, { mode: "create" });
}

const DEFAULTS = { status: "draft", menu_order: "0" };

/** /admin/page/create: a new page, a draft unless the editor publishes it at once. */
export default function CreatePage() {
  const { documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen back="/admin/page" backLabel={t("page.back")} title={t("page.create-title")}>
      <PageForm
        mode="create"
        defaultValue={DEFAULTS}
        lastResult={actionData?.result}
        documents={documents}
        attachments={actionData?.attachments ?? []}
        preview={previewOf(actionData)}
      />
    </AdminFormScreen>
  );
}
