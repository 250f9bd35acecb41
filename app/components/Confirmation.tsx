import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { Facts } from "~/components/application/Facts";
import { StaleNotice } from "~/components/StaleNotice";
import { error as errorClass } from "~/components/Form.css";
import { button, secondaryButton } from "~/styles/layout.css";
import { actions, facts as factsClass } from "./Confirmation.css";

/** What the action answered to a refused "Yes": a stale copy (409), or a message that names no field. */
export interface ConfirmationRefusal {
  stale: boolean;
  message: string | null;
}

/**
 * The question an irreversible action asks first, as a page of its own that
 * works without JavaScript (docs/ui.md#confirmations): the question as the
 * page's heading, what it is about, what will follow; "Yes, …" posts the real
 * form (`fields` as hidden inputs, the version among them, and `children` when
 * the form asks for more), Cancel goes back and changes nothing. A refused
 * "Yes" shows above the question: the stale notice (a reload of this page
 * starts again from the saved record) or the message.
 */
export function Confirmation({
  title,
  facts,
  intro,
  refused,
  stale,
  fields,
  action,
  yes,
  cancelTo,
  cancel,
  children,
}: {
  title: string;
  facts: [label: string, value: ReactNode][];
  /** What will happen: the consequence, in a paragraph or two. */
  intro: ReactNode;
  refused?: ConfirmationRefusal | null;
  /** The stale notice's message and reload keys, when a refusal shows here. */
  stale?: { message: string; reload: string };
  fields: Record<string, string>;
  /** Where "Yes" posts: this page's own action unless said. */
  action?: string;
  yes: string;
  cancelTo: string;
  cancel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>{title}</h1>
      <div className={factsClass}>
        <Facts items={facts} />
      </div>
      {refused?.stale && stale ? <StaleNotice message={stale.message} reload={stale.reload} /> : null}
      {refused && !refused.stale && refused.message ? (
        <p role="alert" className={errorClass}>
          {t(refused.message)}
        </p>
      ) : null}
      {intro}
      <Form method="post" action={action} noValidate>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className={actions}>
          <button type="submit" className={button} disabled={busy}>
            {yes}
          </button>
          <Link to={cancelTo} className={secondaryButton}>
            {cancel ?? t("confirmation.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
