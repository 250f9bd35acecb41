// The application's draft document: one section per wizard step with fields
// (ADR 018), each as its step's draft schema bounds it.
import type { AppendicesDraft } from "./step-appendices";
import type { CostsDraft } from "./step-costs";
import type { GroupDraft } from "./step-group";
import type { LogisticsDraft } from "./step-logistics";
import type { ProjectDraft } from "./step-project";
import type { PublicationsDraft } from "./step-publications";
import type { TermsDraft } from "./step-terms";

export interface Draft {
  terms?: TermsDraft;
  project?: ProjectDraft;
  group?: GroupDraft;
  logistics?: LogisticsDraft;
  costs?: CostsDraft;
  publications?: PublicationsDraft;
  appendices?: AppendicesDraft;
}
