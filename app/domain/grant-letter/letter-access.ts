// Who may read an application's grant letter, and when (docs/lifecycle.md#grant, ADR 024).
// Pure, so every rule is tested without a database.
import { AppError, forbidden, notFound } from "../errors";

/** The statuses an application has a grant letter in: granted and every status after it. */
export const LETTER_STATUSES = ["granted", "accepted", "withdrawn", "reporting", "reported"] as const;

export const hasLetter = (status: string) => (LETTER_STATUSES as readonly string[]).includes(status);

export interface LetterReader {
  isOwner: boolean;
  /** Editor or admin. */
  isStaff: boolean;
  /** Manager or administrator of an infrastructure that accepted the application. */
  hostsAccess: boolean;
  /** Manager or administrator of one of its other infrastructures. */
  otherInfrastructureStaff: boolean;
  /** Evaluator, watchdog or viewer of the application. */
  isReviewer: boolean;
}

/**
 * "letter", or "preview" for an editor before the grant (while under
 * evaluation, asked with ?preview=1). Otherwise the error to answer: 404 for
 * whoever cannot see the application (ids reveal nothing) and for an
 * application that has no letter yet, 403 for those who see the application
 * but not its letter.
 */
export function letterAccess(status: string, reader: LetterReader, preview: boolean): "letter" | "preview" | AppError {
  const granted = hasLetter(status);
  const entitled = reader.isOwner || reader.isStaff || reader.hostsAccess;
  if (!entitled) {
    // Staff of an infrastructure that did not accept see the application only from the grant on here.
    const sees = reader.isReviewer || (reader.otherInfrastructureStaff && granted);
    return sees ? forbidden() : notFound();
  }
  if (granted) return "letter";
  if (preview && reader.isStaff && status === "under-evaluation") return "preview";
  return new AppError(404, "grant-letter.not-granted");
}
