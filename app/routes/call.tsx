import type { LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { CallList, type CallSummary } from "~/components/CallList";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("calls.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { data } = await api(request).get<{ data: CallSummary[] }>("/calls/opened");
  return json({ calls: data });
}

export default function OpenCalls() {
  const { calls } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("calls.title")}</h1>
      <CallList calls={calls} />
    </>
  );
}
