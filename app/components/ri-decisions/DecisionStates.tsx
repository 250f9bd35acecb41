import { useTranslation } from "react-i18next";
import { SelectFilter } from "~/components/AdminList";

interface DecisionState {
  name: string;
  has_eligible_accesses: boolean | null;
  sm_accepted: boolean | null;
  decided: boolean;
}

/** Where one infrastructure's decision stands, in words. */
export function useDecisionState() {
  const { t } = useTranslation();
  return (d: Omit<DecisionState, "name">) => {
    if (d.decided) return t(d.sm_accepted === true ? "ri-decisions.state.accepted" : d.sm_accepted === false ? "ri-decisions.state.declined" : "ri-decisions.state.decided");
    if (d.has_eligible_accesses === false) return t("ri-decisions.state.no-eligible");
    return t("ri-decisions.state.pending");
  };
}

/** The reader's infrastructures on one application, each with where its decision stands. */
export function DecisionStates({ decisions }: { decisions: DecisionState[] }) {
  const state = useDecisionState();
  return (
    <ul>
      {decisions.map((d) => (
        <li key={d.name}>
          <span data-stored="">{d.name}</span>: {state(d)}
        </li>
      ))}
    </ul>
  );
}

/** The ri_status filter (docs/lifecycle.md#other-statuses): a decision to make, or every one made ("All" is no filter). */
export function RiStatusFilter({ id, value, report = false }: { id: string; value?: string; report?: boolean }) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      id={id}
      name={report ? "report_status" : "ri_status"}
      label={t(report ? "reporting.list.report-status" : "ri-decisions.list.ri-status")}
      value={value}
      options={(["pending", "submit"] as const).map((s) => ({ value: s, label: t(report ? `reporting.list.report-status-${s}` : `ri-decisions.list.ri-status-${s}`) }))}
    />
  );
}
