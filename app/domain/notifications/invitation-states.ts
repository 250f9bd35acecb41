// An invitation's state (docs/roles.md#invitations): pending until someone signs in
// with its address, accepted then. Free of zod: the invitations screen reads it.

export const INVITATION_STATES = ["pending", "accepted"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** The state of an invitation from its accepted_at. */
export const invitationStateOf = (acceptedAt: Date | string | null): InvitationState => (acceptedAt === null ? "pending" : "accepted");
