import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const pageRoutes = new OpenAPIHono<ApiEnv>();
