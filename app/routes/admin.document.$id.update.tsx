import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as documents from "~/api/documents/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { documentFormValues, submitDocumentForm } from "~/forms/document-form.server";
import { DocumentForm } from "~/components/DocumentForm";
import { titleFrom } from "~/lib/document-title";
import { AdminFormScreen } from "~/components/AdminForm";
import { liveRecord } from "~/forms/admin-form.server";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ title: string }>((d, t) => t("typography.label-value", { label: t("document.update-title"), value: d.title }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  const doc = await liveRecord(api(request).read(documents.one, { param: { id: routeId(params.id) } }));
  return json({ title: doc.title, values: documentFormValues(doc), attachments: doc.attachments });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  const id = routeId(params.id);
  const doc = await liveRecord(api(request).read(documents.one, { param: { id } }));
  return submitDocumentForm(request, { mode: "update", id, current: doc.attachments });
}

/** /admin/document/{id}/update: every field of the document, saved against the version read. */
export default function UpdateDocument() {
  const { title, values, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen
      back="/admin/document"
      backLabel={t("document.back")}
      title={t("typography.label-value", { label: t("document.update-title"), value: title })}
      stale={actionData?.stale}
      reload="document.stale-reload"
    >
      <DocumentForm mode="update" defaultValue={values} lastResult={actionData?.result} attachments={actionData?.attachments ?? attachments} />
    </AdminFormScreen>
  );
}
