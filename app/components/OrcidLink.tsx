import { orcidLink } from "~/domain/users/orcid";
import * as u from "~/styles/utility.css";

/**
 * An ORCID iD as ORCID's display guidelines ask: the iD icon, then the full
 * https://orcid.org/… address as a link (docs/ui.md#orcid-ids). The icon is
 * drawn inline (no request, no script) and named "ORCID iD" for screen
 * readers, so the link reads "ORCID iD https://orcid.org/…". A draft may hold
 * a mistyped iD: that one is shown as typed, without a link.
 */
export function OrcidLink({ orcid }: { orcid: string | null | undefined }) {
  if (!orcid) return null;
  const href = orcidLink(orcid);
  if (!href) return <span data-stored="">{orcid}</span>;
  return (
    <a href={href} className={u.orcid} rel="noopener noreferrer">
      <OrcidIcon />
      <span>{href}</span>
    </a>
  );
}

/** The ORCID iD icon: a green disc with a white "iD". */
export function OrcidIcon() {
  return (
    <svg role="img" aria-label="ORCID iD" width="16" height="16" viewBox="0 0 256 256" focusable="false">
      <circle cx="128" cy="128" r="128" fill="#A6CE39" />
      <path fill="#FFF" d="M86.3 186.2H70.9V79.1h15.4v107.1zM78.6 66.2a10.1 10.1 0 1 1 0-20.2 10.1 10.1 0 0 1 0 20.2zM108.9 79.1h41.6c39.6 0 57 28.3 57 53.6 0 27.5-21.5 53.6-56.8 53.6h-41.8V79.1zm15.4 93.3h24.5c34.9 0 42.9-26.5 42.9-39.7 0-21.5-13.7-39.7-43.7-39.7h-23.7v79.4z" />
    </svg>
  );
}
