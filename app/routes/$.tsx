import { ErrorScreen } from "~/components/ErrorScreen";

// Any path no route matches: the 404 screen, with a 404 status.
export const loader = () => {
  throw new Response("Not Found", { status: 404 });
};

export default function NotFound() {
  return <ErrorScreen kind="not-found" />;
}
