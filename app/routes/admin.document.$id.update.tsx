import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as documents from "~/api/documents/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { documentFormValues, submitDocumentForm, type ApiDocument } from "~/forms/document-form.server";
import { DocumentForm } from "~/components/DocumentForm";
import { titleFrom } from "~/lib/document-title";
import { StaleNotice } from "~/components/StaleNotice";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ title: string }>((d, t) => t("typography.label-value", { label: t("document.update-title"), value: d.title }));

/** A trashed document is restored from the list, not edited. */
async function liveDocument(request: Request, id: number): Promise<ApiDocument> {
  const doc = await api(request).read(documents.one, { param: { id } });
  if (doc.deleted_at) throw new Response("Not found", { status: 404 });
  return doc;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  const doc = await liveDocument(request, routeId(params.id));
  return json({ title: doc.title, values: documentFormValues(doc), attachments: doc.attachments });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  const id = routeId(params.id);
  const doc = await liveDocument(request, id);
  return submitDocumentForm(request, { mode: "update", id, current: doc.attachments });
}

/** /admin/document/{id}/update: every field of the document, saved against the version read. */
export default function UpdateDocument() {
  const { title, values, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to="/admin/document">{t("document.back")}</Link>
      </p>
      <h1>
        {t("typography.label-value", { label: t("document.update-title"), value: title })}
      </h1>
      {actionData?.stale ? <StaleNotice message={actionData.stale} reload="document.stale-reload" /> : null}
      <DocumentForm mode="update" defaultValue={values} lastResult={actionData?.result} attachments={actionData?.attachments ?? attachments} />
    </>
  );
}
