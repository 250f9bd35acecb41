// Filling a publication from its DOI (docs/decisions/049-doi-metadata.md), against
// a local fake Crossref-compatible service: the fields it fills, a DOI it does
// not know (422 on the doi field), one it answers too slowly or wrongly (502),
// none configured (409, and the form offers no button); the form's fill
// posted without JavaScript comes back filled and saves nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as publications from "~/api/reporting/publications-contract";
import { fromCrossref } from "~/domain/reporting/doi-metadata";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { reportingApplication } from "./reporting-helpers";

const WORK = {
  status: "ok",
  message: {
    title: ["Kittiwakes <i>in</i> a warming fjord"],
    author: [{ given: "Ada", family: "Lovelace" }, { given: "Zoë", family: "Łódź" }, { name: "The Ice Consortium" }],
    issued: { "date-parts": [[2025, 3]] },
    "container-title": ["Journal of Glaciology"],
    volume: "68", issue: "270", page: "1-12",
    type: "journal-article",
  },
};

let api: TestApi;
let server: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/doi-metadata.test.ts", "ta-portal");
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const doi = decodeURIComponent((req.url ?? "").replace(/^\/works\//, ""));
    if (doi === "10.1234/kw.2025") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(WORK));
    if (doi === "10.1234/slow") return void setTimeout(() => res.writeHead(200).end(JSON.stringify(WORK)), 2000);
    if (doi === "10.1234/broken") return void res.writeHead(500).end("oops");
    if (doi === "10.1234/nonsense") return void res.writeHead(200, { "content-type": "application/json" }).end("[1,2");
    res.writeHead(404, { "content-type": "text/plain" }).end("Resource not found.");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  delete process.env.DOI_METADATA_URL;
  delete process.env.DOI_METADATA_TIMEOUT_MS;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await api.close();
});

const configure = () => Object.assign(process.env, { DOI_METADATA_URL: `${base}/`, DOI_METADATA_TIMEOUT_MS: "300" });
const lookUp = (id: number, doi: string, as = "applicant") => api.op(publications.doiMetadata, { as, param: { id }, query: { doi } });

describe("GET /api/applications/{id}/doi-metadata", () => {
  it("answers the title, authors, year, type and where it appeared, for a DOI typed as a doi.org link", async () => {
    configure();
    const { id } = await reportingApplication(api);
    const res = await lookUp(id, " https://doi.org/10.1234/KW.2025 ".trim().replace("KW", "kw"));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      doi: "10.1234/kw.2025", title: "Kittiwakes in a warming fjord", authors: "Ada Lovelace, Zoë Łódź, The Ice Consortium", year: 2025,
      publication_type: "article", references: "Journal of Glaciology, 68(270), 1-12",
    });
    expect(asked.at(-1)).toBe("/works/10.1234%2Fkw.2025");
    expect((await api.op(publications.list, { as: "applicant", param: { id } })).data.doi_metadata).toBe(true);
  });

  it("says on the doi field that the service does not know a DOI (its 404), and that a DOI is malformed", async () => {
    configure();
    const { id } = await reportingApplication(api);
    const unknown = await lookUp(id, "10.9999/nobody");
    expect(unknown.status).toBe(422);
    expect(unknown.data).toMatchObject({ errors: { doi: ["reporting.doi.unknown"] } });
    const malformed = await lookUp(id, "doi-1234");
    expect(malformed.status).toBe(422);
    expect(malformed.data).toMatchObject({ errors: { doi: ["reporting.errors.doi"] } });
  });

  it("gives up after the timeout, and on a failed or unreadable answer, with 502 reporting.doi.unavailable", async () => {
    configure();
    const { id } = await reportingApplication(api);
    for (const doi of ["10.1234/slow", "10.1234/broken", "10.1234/nonsense"]) {
      const started = Date.now();
      const res = await lookUp(id, doi);
      expect(res.status, doi).toBe(502);
      expect(res.data, doi).toMatchObject({ code: "reporting.doi.unavailable" });
      expect(Date.now() - started, doi).toBeLessThan(1500);
    }
    // An unreachable service too.
    process.env.DOI_METADATA_URL = "http://127.0.0.1:1";
    expect((await lookUp(id, "10.1234/kw.2025")).status).toBe(502);
  });

  it("answers 409 with no service configured, and the list says so (no button)", async () => {
    const { id } = await reportingApplication(api);
    const res = await lookUp(id, "10.1234/kw.2025");
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({ code: "reporting.doi.not-configured" });
    expect((await api.op(publications.list, { as: "applicant", param: { id } })).data.doi_metadata).toBe(false);
  });

  it("is the owner's only: another applicant gets 404, staff 403, nobody signed out", async () => {
    configure();
    const { id } = await reportingApplication(api);
    expect((await lookUp(id, "10.1234/kw.2025", "applicant2")).status).toBe(404);
    expect((await lookUp(id, "10.1234/kw.2025", "editor")).status).toBe(403);
    expect((await api.call("GET", `/applications/${id}/doi-metadata?doi=10.1234%2Fkw.2025`)).status).toBe(401);
  });
});

describe("the publication form's Fill from the DOI, posted without JavaScript", () => {
  async function post(id: number, fields: Record<string, string>) {
    const route = await import("../../app/routes/application.$id.report.publications");
    return (route.action as (a: unknown) => Promise<Response>)({
      request: new Request(`http://portal.test/application/${id}/report/publications`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { cookie: await sessionCookie("applicant"), "content-type": "application/x-www-form-urlencoded" },
      }),
      params: { id: String(id) },
      context: {},
    });
  }

  it("comes back with the empty fields filled, what was typed kept, and nothing saved", async () => {
    configure();
    const { id } = await reportingApplication(api);
    const res = await post(id, { title: "", authors: "Typed, A.", year: "", publication_type: "", references: "", doi: "https://doi.org/10.1234/kw.2025", web_address: "", intent: "fill-doi" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { values: Record<string, string>; notice: string };
    expect(body.notice).toBe("reporting.doi.filled");
    expect(body.values).toMatchObject({
      title: "Kittiwakes in a warming fjord", authors: "Typed, A.", year: "2025", publication_type: "article",
      references: "Journal of Glaciology, 68(270), 1-12", doi: "10.1234/kw.2025",
    });
    expect((await api.op(publications.list, { as: "applicant", param: { id } })).data.publications).toEqual([]);
    // Then Add saves what the form holds.
    const added = await post(id, { ...body.values, intent: "add" });
    expect(added.status).toBe(302);
    expect((await api.op(publications.list, { as: "applicant", param: { id } })).data.publications).toMatchObject([{ title: "Kittiwakes in a warming fjord", year: 2025, doi: "10.1234/kw.2025" }]);
  });

  it("shows an unknown DOI on its field, keeping what was typed", async () => {
    configure();
    const { id } = await reportingApplication(api);
    const res = await post(id, { title: "Mine", doi: "10.9999/nobody", intent: "fill-doi" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { doi: ["reporting.doi.unknown"] }, values: { title: "Mine", doi: "10.9999/nobody" } });
  });
});

describe("a service's answer read as a publication", () => {
  it("maps Crossref's types, bounds the texts, and ignores what is not there or not text", () => {
    expect(fromCrossref({ message: { type: "book-chapter", title: "One" } })).toEqual({ title: "One", publication_type: "book-chapter" });
    expect(fromCrossref({ message: { type: "posted-content" } })).toEqual({ publication_type: "other" });
    expect(fromCrossref({ message: { title: ["x".repeat(400)], author: "nobody", issued: { "date-parts": [[1066]] } } }).title).toHaveLength(255);
    expect(fromCrossref({ message: { title: [{}], author: [null, 3, { family: "Solo" }], "created": { "date-parts": [[2020]] } } })).toEqual({ authors: "Solo", year: 2020 });
    expect(fromCrossref(null)).toEqual({});
    expect(fromCrossref({ message: "no" })).toEqual({});
  });
});
