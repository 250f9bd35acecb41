import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "./Wizard.css";

/**
 * The wizard's three buttons, each a submit of the step's form (every one
 * saves first): Previous step (not on the first), Save draft, Save and
 * continue. "Save and continue" comes first in the markup, so Enter in a
 * field moves on, as the applicant expects.
 */
export function WizardButtons({
  first = false, saved = false, continueLabel, draft = true,
}: {
  first?: boolean;
  saved?: boolean;
  /** The label of the forward button; null leaves it out (a review that may not be submitted). */
  continueLabel?: string | null;
  /** Whether Save draft shows (the review step has nothing to save). */
  draft?: boolean;
}) {
  const { t } = useTranslation();
  // Busy until the saved step is read again, not just while posting: the action's
  // answer shows before the revalidation brings the new updated_at, and a second
  // save in between would be refused as stale.
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" || (navigation.state === "loading" && navigation.formMethod !== undefined);
  return (
    <div className={css.buttons}>
      {continueLabel === null ? null : (
        <button type="submit" name="move" value="continue" className={button} disabled={busy}>
          {continueLabel ?? t("wizard.save-continue")}
        </button>
      )}
      {draft ? (
        <button type="submit" name="move" value="save" className={secondaryButton} disabled={busy}>
          {t("wizard.save-draft")}
        </button>
      ) : null}
      {first ? null : (
        <button type="submit" name="move" value="previous" className={secondaryButton} disabled={busy}>
          {t("wizard.previous")}
        </button>
      )}
      {saved ? (
        <span role="status" className={css.savedNote}>
          {t("applications.draft-saved")}
        </span>
      ) : null}
    </div>
  );
}
