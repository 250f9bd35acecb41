import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./Link";

// The server's fast links must write exactly what Remix's write, or the
// browser hydrates a different page: each case is rendered both ways, at a
// few locations, and the HTML compared. renderToString, as the page is.
const at = (location: string, element: ReactElement) => renderToString(<StaticRouter location={location}>{element}</StaticRouter>);

const LOCATIONS = ["/", "/admin/application", "/admin/application/12", "/Admin/Application/", "/call?page=2"];

describe("Link", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["/", {}],
    ["/admin/application/12", { className: "row" }],
    ["/admin/application?sort_by=applicant&order=asc&page=2", { "aria-label": "Sort" }],
    ["/page/about#team", { id: "x" }],
    ["/call?", {}],
    ["/call#", {}],
    ["/call?#", { title: "t" }],
    ["/admin/../call//x/.", {}],
    ["/application/3/update/user-group", { prefetch: "none" }],
    ["/a b/é", {}],
    ["/documents/1", { target: "_blank", rel: "noreferrer" }],
  ];
  for (const location of LOCATIONS) {
    it.each(cases)(`writes %s as Remix does at ${location}`, (to, props) => {
      const fast = at(location, <Link to={to} {...props}>go</Link>);
      expect(fast).toBe(at(location, <RemixLink to={to} {...props}>go</RemixLink>));
      expect(fast).toContain("data-discover");
    });
  }

  it("leaves relative paths, objects and router options to Remix", () => {
    for (const element of [
      <Link key="1" to="?page=2">go</Link>,
      <Link key="2" to={{ pathname: "/call", search: "?page=2" }}>go</Link>,
      <Link key="3" to="/call" reloadDocument>go</Link>,
      <Link key="4" to="/call" prefetch="intent">go</Link>,
      <Link key="5" to="//evil.example/x">go</Link>,
      <Link key="6" to="https://example.org/x">go</Link>,
    ]) {
      const props = element.props as Record<string, unknown>;
      expect(at("/call?x=1", element)).toBe(at("/call?x=1", <RemixLink {...(props as { to: string })} />));
    }
  });
});

describe("NavLink", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["/", {}],
    ["/", { end: true, className: "nav" }],
    ["/admin/application", { className: "nav" }],
    ["/admin/application", { className: "nav", end: true }],
    ["/admin/application/", { className: "nav" }],
    ["/admin", { className: "nav" }],
    ["/admin/applicat", {}],
    ["/call?page=1", { className: "nav", "aria-current": "location" }],
    ["/notifications", { className: "nav" }],
    ["/a b/é", { className: "nav" }],
    ["/admin/./application", {}],
  ];
  for (const location of LOCATIONS) {
    it.each(cases)(`marks %s as Remix does at ${location}`, (to, props) => {
      const fast = at(location, <NavLink to={to} {...props}>go</NavLink>);
      expect(fast).toBe(at(location, <RemixNavLink to={to} {...props}>go</RemixNavLink>));
    });
  }

  it("marks the current page active", () => {
    expect(at("/admin/application/12", <NavLink to="/admin/application" className="nav">go</NavLink>)).toContain('aria-current="page"');
    expect(at("/admin/applications", <NavLink to="/admin/application" className="nav">go</NavLink>)).not.toContain("aria-current");
  });
});
