import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const infrastructureRoutes = new OpenAPIHono<ApiEnv>();
