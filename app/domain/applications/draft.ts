// The application's draft document: one section per wizard step with fields
// (ADR 018), each as its step's draft schema bounds it.
import type { AppendicesDraft } from "./section-appendices";
import type { CostsDraft } from "./section-costs";
import type { GroupDraft } from "./section-group";
import type { LogisticsDraft } from "./section-logistics";
import type { ProjectDraft } from "./section-project";
import type { PublicationsDraft } from "./section-publications";
import type { TermsDraft } from "./section-terms";

export interface Draft {
  terms?: TermsDraft;
  project?: ProjectDraft;
  group?: GroupDraft;
  logistics?: LogisticsDraft;
  costs?: CostsDraft;
  publications?: PublicationsDraft;
  appendices?: AppendicesDraft;
}
