// The user group's section as a draft stores it (ADR 018): its members.
// Apart from the step's rules (step-group.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftFlag, draftKey, draftList, draftText } from "./fields";
import { MEMBERS_MAX } from "./draft-bounds";

export const memberDraft = z.object({
  key: draftKey,
  name: draftText,
  surname: draftText,
  email: draftText,
  orcid: draftText,
  nationality: draftText,
  residence_country: draftText,
  residence_place: draftText,
  gender: draftText,
  birth_year: draftText,
  researcher_status: draftText,
  intent_of_research: draftText,
  work_place: draftText,
  organization_type: draftText,
  work_country: draftText,
  organization_city: draftText,
  leader: draftFlag,
  young: draftFlag,
  is_consortium: draftFlag,
});
export type MemberDraft = z.infer<typeof memberDraft>;

export const groupDraft = z.object({ members: draftList(memberDraft, MEMBERS_MAX) });
export type GroupDraft = z.infer<typeof groupDraft>;
