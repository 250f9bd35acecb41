// The assistant's pre-fill of a draft from its research plan
// (docs/decisions/042-assistant-pre-fill.md): POST spends the application's
// one pre-fill and writes; GET reads what it did. SPEC names the path with
// GET only; a GET must not write (prefetchers, crawlers), hence the POST.
import { createRoute, z } from "@hono/zod-openapi";
import { prefillBody } from "~/domain/assistant/bodies";
import { ownDraft } from "~/domain/applications/application-write.server";
import { FIELD_ORIGINS } from "~/domain/assistant/provenance";
import { parsedBody } from "../contract";
import { allowAccess, allowRow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const ASSISTANTS = ["extractive", "model"] as const;

export const AssistantStatus = z
  .object({
    in_use: z.boolean().openapi({ description: "The ai-in-use setting: whether applicants are offered the assistant" }),
    assistant: z.enum(ASSISTANTS).openapi({ description: "Which assistant answers now: a model (AI_BASE_URL set) or the built-in extractive reader" }),
    disclaimer: z.string().openapi({ description: "The ai-disclaimer setting, which the applicant agrees to" }),
    disclaimer_fr: z.string().nullable().openapi({ description: "Its French version (ai-disclaimer-fr); null: the English one is shown to French readers" }),
    used: z.boolean().openapi({ description: "Whether this application's one pre-fill is spent" }),
    agreed_at: z.string().nullable(),
    agreed_by: z.string().nullable(),
    research_plan: z.object({ id: z.number(), name: z.string(), readable: z.boolean() }).nullable().openapi({ description: "The draft's research plan; readable: a PDF, DOCX or text file" }),
    result: z
      .object({
        assistant: z.enum(ASSISTANTS),
        model: z.string().nullable(),
        at: z.string(),
        fields: z.array(z.object({
          field: z.string().openapi({ description: "The draft path filled: project.title, logistics.infrastructures[0].accesses[0].justification…" }),
          value: z.union([z.string(), z.array(z.string())]).openapi({ description: "What the assistant put there" }),
          origin: z.enum(FIELD_ORIGINS).openapi({ description: "suggested (untouched), confirmed (the step saved as it was), edited" }),
        })),
        raw: z.string().nullable().openapi({ description: "The assistant's answer as given (ai_response); editors and admins only" }),
      })
      .nullable(),
  })
  .openapi("AssistantStatus");

export const status = createRoute({
  method: "get",
  path: "/ai-generate/applications/{id}",
  security: bearer,
  summary: "The assistant on this application: offered or not, its disclaimer, and which fields it filled and what became of them",
  description: "For the application's owner, editors and admins (the raw answer for editors and admins only); 403 for its reviewers; 404 for anyone else.",
  request: { params: IdParam },
  responses: { 200: json(AssistantStatus), ...authErrors, 404: errorResponses[404] },
});

export const prefill = createRoute({
  method: "post",
  path: "/ai-generate/applications/{id}",
  security: bearer,
  middleware: [allowAccess({ permissions: ["application-update"] }), allowRow(ownDraft)] as const,
  summary: "Pre-fill the caller's draft from its research plan: once per application, only empty fields",
  description:
    "The owner of a draft, when the ai-in-use setting is yes (404 assistant.off otherwise), agreeing to the ai-disclaimer. " +
    "Reads the research plan of the appendices (PDF, DOCX or text; 422 research_plan otherwise), asks the assistant, and fills the empty " +
    "project and logistics fields with the values the wizard's rules accept. 409 assistant.used once done (or while another request does it); " +
    "502 assistant.failed when the assistant could not answer: nothing was changed and the right is kept.",
  request: { params: IdParam, ...parsedBody(prefillBody, "agree: true, the applicant's consent to the ai-disclaimer") },
  responses: {
    200: json(AssistantStatus),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("assistant.used: this application's pre-fill is spent; applications.not-draft"),
    422: errorResponses[422],
    502: conflict("assistant.failed: the assistant could not answer; nothing was changed"),
  },
});
