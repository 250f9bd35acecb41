import { useTranslation } from "react-i18next";
import { formatInstantDay } from "~/components/application/instant";
import { hint } from "~/components/Form.css";
import type { InvitationState } from "~/domain/notifications/invitation-states";

export interface InvitationRow {
  id: number;
  email: string;
  role: string;
  application_id: number | null;
  acronym: string | null;
  state: InvitationState;
  created_at: string;
  invited_by: string | null;
}

/** The invitations table's columns (their header keys), as /admin/invitations and the statistics show them. */
export const INVITATION_COLUMNS = ["email", "role", "for", "state", "invited"] as const;

/** The invitations table's body rows: the address, the role, the application it names, its state, and when and by whom it was sent. */
export function InvitationRows({ data }: { data: InvitationRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {data.map((i) => (
        <tr key={i.id}>
          <td>{i.email}</td>
          <td>{t(`roles.${i.role}`)}</td>
          <td>{i.application_id ? `${i.acronym ?? ""} (#${i.application_id})` : null}</td>
          <td>{t(`notifications.invitations.states.${i.state}`)}</td>
          <td>
            <time dateTime={i.created_at}>{formatInstantDay(i.created_at, i18n.language)}</time>
            {i.invited_by ? <div className={hint}>{i.invited_by}</div> : null}
          </td>
        </tr>
      ))}
    </>
  );
}
