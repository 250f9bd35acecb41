import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as pagesApi from "~/api/pages/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { pageFormOptions, pageFormValues, submitPageForm } from "~/forms/page-form.server";
import { PageForm, previewOf } from "~/components/PageForm";
import { titleFrom } from "~/lib/document-title";
import { AdminFormScreen } from "~/components/AdminForm";
import { liveRecord } from "~/forms/admin-form.server";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ title: string }>((d, t) => t("typography.label-value", { label: t("page.update-title"), value: d.title }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  const id = routeId(params.id);
  const [page, options] = await Promise.all([liveRecord(api(request).read(pagesApi.one, { param: { id } })), pageFormOptions(request)]);
  return json({ ...options, title: page.title, slug: page.slug, status: page.status, values: pageFormValues(page), attachments: page.attachments });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  const id = routeId(params.id);
  const page = await liveRecord(api(request).read(pagesApi.one, { param: { id } }));
  return submitPageForm(request, { mode: "update", id, current: page.attachments });
}

/** /admin/page/{id}/update: every field of the page, saved against the version read. */
export default function UpdatePage() {
  const { documents, title, slug, status, values, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen
      back="/admin/page"
      backLabel={t("page.back")}
      links={
        status === "published" ? (
          <>
            {" · "}
            <Link to={`/page/${slug}`}>{t("page.view")}</Link>
          </>
        ) : null
      }
      title={t("typography.label-value", { label: t("page.update-title"), value: title })}
      stale={actionData?.stale}
      reload="page.stale-reload"
    >
      <PageForm
        mode="update"
        defaultValue={values}
        lastResult={actionData?.result}
        documents={documents}
        attachments={actionData?.attachments ?? attachments}
        preview={previewOf(actionData)}
      />
    </AdminFormScreen>
  );
}
