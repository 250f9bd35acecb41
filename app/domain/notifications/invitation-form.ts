// The invitation form's rules (docs/roles.md#invitations), shared by the screen and
// POST /api/invite-evaluators. zod/mini: it runs in the browser too.
import * as z from "zod/mini";
import { idOf } from "../ids";

export const INVITABLE_ROLES = ["evaluator", "viewer", "watchdog", "infrastructure-manager", "infrastructure-administrator"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
/** Roles that come with an assignment when the invitation names an application. */
export const REVIEWER_ROLES = ["evaluator", "watchdog", "viewer"] as const;

export const INVITE_EMAILS_MAX = 100;
const EMAIL_MAX = 255;

/** The addresses typed one per line or separated by commas, semicolons or spaces, without repeats. */
export const splitEmails = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))];

export const inviteSchema = z.object({
  emails: z
    .array(z.email("validation.email").check(z.maxLength(EMAIL_MAX, "validation.max")), "validation.required")
    .check(z.minLength(1, "validation.required"), z.maxLength(INVITE_EMAILS_MAX, "notifications.invitations.too-many")),
  role: z.enum(INVITABLE_ROLES, "validation.required"),
  application_id: z.optional(z.nullable(idOf())),
});
export type InviteInput = z.infer<typeof inviteSchema>;
