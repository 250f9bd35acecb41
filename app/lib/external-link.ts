/**
 * The attributes of a link to an address an administrator set (project-link,
 * consortium, no-call-link): an absolute web address leaves the portal, so the
 * page it opens gets no handle on this one (rel="noopener"). The settings take
 * http and https addresses only; anything else is no link at all.
 */
export function externalLink(address: string): { href: string; rel: "noopener" } | null {
  const href = address.trim();
  return /^https?:\/\/[^\s/]/i.test(href) ? { href, rel: "noopener" } : null;
}
