import { OpenAPIHono } from "@hono/zod-openapi";
import { listCountries } from "~/domain/countries/countries.server";
import { countryLanguage } from "~/domain/countries/country-names";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { headerLanguage } from "../language.server";
import { list } from "./contract";

export const countryRoutes = new OpenAPIHono<ApiEnv>().openapi(list, async (c) => {
  requireUser(c);
  const { q, lang, page, per_page } = c.req.valid("query");
  const lng = countryLanguage(lang ?? headerLanguage(c.req.header("Accept-Language")));
  return c.json(await listCountries(c.get("deps").db, q, page, per_page, lng), 200);
});
