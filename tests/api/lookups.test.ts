// The lookup lists (docs/data.md#lookup-lists, docs/api.md#endpoints): seeded with real values,
// served to signed-in users in their order, translated on screen.
import fs from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLookups, LOOKUP_SEEDS } from "../../app/db/seeds/lookups";
import { lookupLabel } from "../../app/domain/lookups/label";
import { LOOKUP_LISTS, type LookupList } from "../../app/domain/lookups/lists";
import { lookupList } from "../../app/domain/lookups/lookups.server";
import { forgetKept } from "../../app/cache/kept.server";
import { i18nConfig } from "../../app/i18n/config";
import { resources } from "../../app/i18n/resources.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const PATHS: Record<LookupList, string> = {
  "cost-labels": "/applications/cost-labels",
  "activity-fields": "/applications/activity-fields",
  "activity-keywords": "/applications/activity-keywords",
  "working-region": "/applications/working-region",
  "researcher-status": "/accesses/researcher-status",
  genders: "/accesses/genders",
  "organization-type": "/accesses/organization-type",
};

type Tree = { [key: string]: string | Tree };
const localeOf = (lng: string) =>
  (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/lookups.json`), "utf8")) as { lookups: Record<string, Tree> }).lookups;

describe("lookup lists", () => {
  it.each(LOOKUP_LISTS)("serves %s to a signed-in user: { value, label } items, non-empty, unique values, in the seeded order", async (list) => {
    const res = await api.call("GET", PATHS[list], { as: "applicant" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { value: string; label: string }[] };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(["label", "value"]);
      expect(item.value).not.toBe("");
      expect(item.label).not.toBe("");
    }
    const values = body.data.map((i) => i.value);
    expect(new Set(values).size).toBe(values.length);
    expect(body.data).toEqual(LOOKUP_SEEDS[list]);
  });

  it("holds real reference values", async () => {
    const get = async (list: LookupList) => (await (await api.call("GET", PATHS[list], { as: "evaluator" })).json()).data;
    const fields = await get("activity-fields");
    expect(fields).toHaveLength(42);
    expect(fields[0]).toEqual({ value: "1.1", label: "Mathematics" });
    expect(fields.at(-1)).toEqual({ value: "6.5", label: "Other humanities" });
    expect((await get("activity-keywords")).length).toBeGreaterThanOrEqual(80);
    expect((await get("researcher-status")).map((i: { value: string }) => i.value)).toEqual(["r1", "r2", "r3", "r4", "technician", "other"]);
    expect((await get("organization-type")).map((i: { value: string }) => i.value)).toEqual(["HES", "REC", "PRC", "SME", "PUB", "OTH"]);
    expect(await get("cost-labels")).toContainEqual({ value: "travel", label: "Travel" });
    expect(await get("working-region")).toContainEqual({ value: "arctic", label: "Arctic" });
    expect(await get("genders")).toContainEqual({ value: "prefer-not-to-say", label: "Prefer not to say" });
  });

  it("answers 401 to a signed-out caller on every list", async () => {
    for (const list of LOOKUP_LISTS) {
      const res = await api.call("GET", PATHS[list]);
      expect(res.status, list).toBe(401);
      expect((await res.json()).code).toBe("errors.not-authenticated");
    }
  });

  it("documents each list in the OpenAPI document", async () => {
    const doc = await (await api.call("GET", "/openapi.json")).json();
    for (const list of LOOKUP_LISTS) expect(doc.paths[`/api${PATHS[list]}`]?.get?.security, list).toEqual([{ bearer: [] }]);
  });

  it("seeds idempotently: a second run adds and changes nothing", async () => {
    const before = await api.db.selectFrom("lookup_items").selectAll().orderBy("id").execute();
    await seedLookups(api.db);
    expect(await api.db.selectFrom("lookup_items").selectAll().orderBy("id").execute()).toEqual(before);
    expect(before.length).toBe(Object.values(LOOKUP_SEEDS).flat().length);
  });

  it("reads a list once and keeps it until told to forget", async () => {
    const first = await lookupList(api.db, "genders");
    await api.db.updateTable("lookup_items").set({ label: "Changed" }).where("list", "=", "genders").where("value", "=", "male").execute();
    expect(await lookupList(api.db, "genders")).toEqual(first);
    forgetKept(api.db);
    expect(await lookupList(api.db, "genders")).toContainEqual({ value: "male", label: "Changed" });
    await api.db.updateTable("lookup_items").set({ label: "Male" }).where("list", "=", "genders").where("value", "=", "male").execute();
    forgetKept(api.db);
  });
});

describe("lookup labels in the reader's language", () => {
  it("English and French label every seeded value of every list, and nothing else", async () => {
    const rows = await api.db.selectFrom("lookup_items").select(["list", "value"]).execute();
    expect(new Set(rows.map((r) => r.list))).toEqual(new Set(LOOKUP_LISTS));
    for (const lng of ["en", "fr"]) {
      const labels = localeOf(lng);
      expect(Object.keys(labels).sort(), lng).toEqual([...LOOKUP_LISTS].sort());
      for (const list of LOOKUP_LISTS) {
        const seeded = rows.filter((r) => r.list === list).map((r) => r.value).sort();
        expect(Object.keys(labels[list]).sort(), `${lng} ${list}`).toEqual(seeded);
        for (const value of seeded) expect(typeof labels[list][value] === "string" && labels[list][value] !== "", `${lng} ${list}.${value}`).toBe(true);
      }
    }
    // The English file says what the table says.
    const en = localeOf("en");
    for (const list of LOOKUP_LISTS) for (const item of LOOKUP_SEEDS[list]) expect(en[list][item.value]).toBe(item.label);
  });

  it("lookupLabel translates (codes with dots too) and falls back to the English label", async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, postProcess: [], resources, lng: "fr" });
    expect(lookupLabel(i18n.t, "activity-fields", { value: "1.5", label: "Earth and related environmental sciences" })).toBe(
      "Sciences de la Terre et sciences connexes de l’environnement",
    );
    expect(lookupLabel(i18n.t, "activity-fields", { value: "2.10", label: "Nano-technology" })).toBe("Nanotechnologies");
    expect(lookupLabel(i18n.t, "genders", { value: "female", label: "Female" })).toBe("Femme");
    expect(lookupLabel(i18n.t, "organization-type", { value: "SME", label: "SME" })).toBe("Petite ou moyenne entreprise (PME)");
    expect(lookupLabel(i18n.t, "working-region", { value: "added-later", label: "Added later" })).toBe("Added later");
    await i18n.changeLanguage("en");
    expect(lookupLabel(i18n.t, "cost-labels", { value: "visa", label: "Visa" })).toBe("Visa");
    expect(lookupLabel(i18n.t, "activity-fields", { value: "1.1", label: "x" })).toBe("Mathematics");
  });
});
