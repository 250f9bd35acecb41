// The invitations as a download (docs/api.md#exports): every matching one,
// newest first, streamed from a cursor through the staff list's writers.
import type { Db } from "~/db/database.server";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportRows } from "../admin-applications/export.server";
import { invitationStateOf } from "./invitation-states";
import { invitationRows, type InvitationFilter } from "./invitations.server";

const HEADER: string[] = ["E-mail", "Role", "Application", "Acronym", "State", "Invited at", "Invited by", "Accepted at"];

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type Row = Awaited<ReturnType<ReturnType<typeof invitationRows>["execute"]>>[number];

const cells = (r: Row): Cell[] => [r.email, r.role, r.application_id, r.acronym, invitationStateOf(r.accepted_at), iso(r.created_at), r.invited_by, iso(r.accepted_at)];

export const exportInvitations = (db: Db, f: InvitationFilter, format: ExportFormat) =>
  exportRows(db, invitationRows(db, f), { sheet: "Invitations", header: HEADER, cells, name: "invitations" }, format);
