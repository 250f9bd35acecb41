import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { StaleNotice } from "./StaleNotice";

/**
 * The frame the admin create and update screens (calls, infrastructures,
 * pages, documents) share: the way back to the list (and `links` after it),
 * the heading and, when an update was refused because someone saved the
 * record meanwhile, the notice with its reload link (`reload`, a translation
 * key); then the form. Their actions share app/forms/admin-form.server.ts.
 */
export function AdminFormScreen({
  back,
  backLabel,
  links,
  title,
  stale,
  reload,
  children,
}: {
  back: string;
  backLabel: string;
  links?: ReactNode;
  title: ReactNode;
  stale?: string | null;
  reload?: string;
  children: ReactNode;
}) {
  return (
    <>
      <p>
        <Link to={back}>{backLabel}</Link>
        {links}
      </p>
      <h1>{title}</h1>
      {stale && reload ? <StaleNotice message={stale} reload={reload} /> : null}
      {children}
    </>
  );
}
