import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiApp as publicApiApp } from "~/api/wiring.server";

// Mounts the REST API at /api/* for browsers and external clients; the UI's
// loaders reach the same app in-process through the API client.
export const loader = ({ request }: LoaderFunctionArgs) => publicApiApp().fetch(request);
export const action = ({ request }: ActionFunctionArgs) => publicApiApp().fetch(request);
