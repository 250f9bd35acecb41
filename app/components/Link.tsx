import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";

// Remix's Link and NavLink each run about ten hooks per render (path
// resolution, prefetch state, refs, the navigation state) that only the
// browser needs: on the server a table of 20 rows spent about a tenth of its
// page's time in them. There, a link to an absolute path is written as the
// same <a> Remix writes (its href normalized the same way, its
// data-discover, NavLink's "active" class and aria-current), and the browser
// hydrates it as Remix's own. Anything else (a relative `to`, an object, a
// prefetch, router options) goes to Remix's. Link.test.tsx renders both ways
// and compares the HTML.

const onServer = typeof document === "undefined";

/** Props that change what Remix does with a link: such links take Remix's own path. */
const ROUTER_PROPS = ["reloadDocument", "relative", "replace", "state", "preventScrollReset", "viewTransition", "unstable_viewTransition", "discover"];

/** The href Remix writes for `to`, when `to` is a path from the root and nothing else asks for the router; otherwise null. */
function plainHref(to: LinkProps["to"], props: object): string | null {
  if (!onServer || typeof to !== "string" || to[0] !== "/" || to[1] === "/" || to[1] === "\\") return null;
  for (const key of ROUTER_PROPS) if (key in props) return null;
  const prefetch = (props as { prefetch?: string }).prefetch;
  if (prefetch !== undefined && prefetch !== "none") return null;
  // react-router's parsePath, resolveTo and createPath for a path from the root: a bare "?" or "#" is dropped.
  let rest = to;
  let hash = "";
  let search = "";
  const h = rest.indexOf("#");
  if (h >= 0) [rest, hash] = [rest.slice(0, h), rest.slice(h)];
  const s = rest.indexOf("?");
  if (s >= 0) [rest, search] = [rest.slice(0, s), rest.slice(s)];
  // react-router resolves dot segments and doubled slashes: such paths take its way.
  if (/\/\/|\/\.\.?(?:\/|$)/.test(rest)) return null;
  return rest + (search === "?" ? "" : search) + (hash === "#" ? "" : hash);
}

/** What Remix passes on to the <a> and this fast path does not write. */
function anchorProps<P extends { prefetch?: unknown; to?: unknown; target?: unknown }>(props: P) {
  const { prefetch: _prefetch, to: _to, target: _target, ...rest } = props;
  return rest;
}

/** Remix's Link: written directly on the server for a path from the root. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const href = plainHref(props.to, props);
  if (href === null) return <RemixLink ref={ref} {...props} />;
  // The attributes in react-router's order, so that the HTML is the same to the byte.
  return <a {...anchorProps(props)} data-discover="true" href={href} target={props.target} />;
});

/** Remix's NavLink: on the server, a path from the root is marked active as react-router marks it ("active" class, aria-current). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation();
  const href = typeof props.className === "function" || typeof props.children === "function" || props.style !== undefined || props.caseSensitive ? null : plainHref(props.to, props);
  if (href === null) return <RemixNavLink ref={ref} {...props} />;
  const { "aria-current": ariaCurrent = "page", className = "", end = false, caseSensitive: _caseSensitive, style: _style, ...rest } = anchorProps(props);
  // react-router compares the URL-encoded pathname, lower-cased unless caseSensitive.
  const here = location.pathname.toLowerCase();
  const path = href.replace(/[?#].*$/, "");
  // Letters, digits, _, - and / need no encoding (no dot segments either): the URL parser only for the others.
  const target = (/^[\w\-/]*$/.test(path) ? path : new URL(href.replace(/ $/, "%20"), "http://localhost").pathname).toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const active = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === "/");
  return (
    <a
      {...rest}
      data-discover="true"
      aria-current={active ? ariaCurrent : undefined}
      className={[className, active ? "active" : null].filter(Boolean).join(" ")}
      href={href}
      target={props.target}
    >
      {props.children as React.ReactNode}
    </a>
  );
});
