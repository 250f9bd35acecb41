// The project step's assistant form (docs/decisions/042-assistant-pre-fill.md):
// a research plan, when the draft has none yet, is uploaded and saved as the
// appendices' research plan (PUT /api/applications/{id}, the appendices
// step); then POST /api/ai-generate/applications/{id}. Success goes back to
// the step (GET), which shows the fields filled; a refusal or a failed
// assistant comes back to the form with its message.
import { json } from "@remix-run/node";
import * as z from "zod/mini";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as assistantApi from "~/api/assistant/contract";
import { redirectWithAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { readFormWithUploads } from "~/media/form.server";
import { routeId } from "./route-id";
import { stepUrl } from "./wizard-step.server";
import type { AssistantErrors } from "~/components/wizard/AssistantPanel";

const assistantForm = z.object({ agree: z.optional(z.string()), updated_at: z.optional(z.string()), research_plan: z.optional(z.string()) });

const refused = (errors: AssistantErrors, status = 400) => json({ assistant: errors }, { status });

export async function assistantAction(request: Request, rawId: string | undefined) {
  // Signed in before anything is uploaded.
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const id = routeId(rawId);
  const client = api(request);
  const { formData, uploadErrors } = await readFormWithUploads(request, { schema: assistantForm });
  if (uploadErrors.research_plan?.length) return refused({ research_plan: uploadErrors.research_plan });
  const uploaded = Number(formData.get("research_plan"));
  if (Number.isInteger(uploaded) && uploaded > 0) {
    const app = await client.read(applications.one, { param: { id } });
    const saved = await client.call(applications.update, {
      param: { id },
      json: { step: "appendices", values: { ...app.draft.appendices, research_plan: uploaded }, advance: false, updated_at: String(formData.get("updated_at") ?? "") },
    });
    if (!saved.ok) return refused(saved.status === 409 ? { form: [saved.message] } : { research_plan: saved.errors.research_plan ?? [saved.message] });
  }
  const done = await client.call(assistantApi.prefill, { param: { id }, json: { agree: formData.get("agree") === "on" } as { agree: true } });
  if (!done.ok) {
    const { agree, research_plan } = done.errors;
    // As a step's refused post: 400, or 409 when the pre-fill is spent.
    return refused(agree || research_plan ? { agree, research_plan } : { form: [done.message] }, done.status === 409 ? 409 : 400);
  }
  return redirectWithAlert(request, stepUrl(id, "project"), { key: `assistant-${Date.now()}`, title: "assistant.done-title", description: "assistant.check", variant: "success" });
}
