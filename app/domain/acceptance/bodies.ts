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

/** The statuses in which the applicant may upload the signed agreement. */
export const SIGNING_STATUSES = ["granted", "accepted"] as const;
/** The statuses in which an infrastructure's staff may upload its countersigned agreement. */
export const COUNTERSIGNING_STATUSES = ["granted", "accepted", "reporting"] as const;
/** From granted on: the statuses in which the agreements exist at all. */
export const AGREEMENT_STATUSES = ["granted", "accepted", "withdrawn", "reporting", "reported"] as const;

/** The media collections (ADR in migration 0010: links, no columns). */
export const SIGNED_AGREEMENT = "signed_agreement";
export const COUNTERSIGNED_AGREEMENT = "countersigned_agreement";
export const ACCEPTANCE_AGREEMENT = "acceptance_agreement";
