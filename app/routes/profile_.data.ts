import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as personalData from "~/api/users/personal-data-contract";
import { requireUser } from "~/auth/user.server";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /profile/data: everything the portal holds about the signed-in person as
 * one zip (docs/data.md#personal-data), streamed from the API as it is
 * written, with the session's token (ROUTE_RULES["/profile"]: any signed-in
 * user, about themself only; a signed-out visitor signs in and comes back).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return passFileOn(await api(request).download(personalData.exportMine, {}));
}
