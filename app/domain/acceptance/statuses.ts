// When the agreements exist and who may upload them; zod-free, so the screens' links read it too.

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
