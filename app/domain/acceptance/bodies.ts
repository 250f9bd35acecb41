// The bodies of the applicant's acceptance and the agreements' uploads
// (zod/mini, shared by the API contract and the screens that post them).
import * as z from "zod/mini";
import { Id } from "../ids";
import { versionSchema } from "../dates";
import { optionalText, TEXT_MAX } from "../applications/fields";

/** PUT /api/applications/{id}/accept. */
export const acceptBody = z.object({ updated_at: versionSchema });

/** PUT /api/applications/{id}/withdraw: why, optionally. */
export const withdrawBody = z.object({ notes: optionalText(TEXT_MAX), updated_at: versionSchema });

/** PUT /api/applications/{id}/signed-agreement: an upload of the applicant's (POST /api/media/uploads). */
export const signedAgreementBody = z.object({ media_id: Id, updated_at: versionSchema });

/** PUT /api/applications/{id}/countersigned-agreement: an upload of the infrastructure's staff, for one application infrastructure. */
export const countersignedAgreementBody = z.object({ application_infrastructure_id: Id, media_id: Id, updated_at: versionSchema });

export type AcceptBody = z.infer<typeof acceptBody>;
export type WithdrawBody = z.infer<typeof withdrawBody>;
export type SignedAgreementBody = z.infer<typeof signedAgreementBody>;
export type CountersignedAgreementBody = z.infer<typeof countersignedAgreementBody>;

export { SIGNING_STATUSES, COUNTERSIGNING_STATUSES, AGREEMENT_STATUSES, SIGNED_AGREEMENT, COUNTERSIGNED_AGREEMENT, ACCEPTANCE_AGREEMENT } from "./statuses";
