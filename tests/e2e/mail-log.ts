// The mails the browser tests' SMTP sink received (tests/e2e/start-server.ts),
// one JSON line each, in a file named after the portal's port so suites run
// side by side.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const MAIL_LOG = path.join(os.tmpdir(), `ta-e2e-mail-${process.env.E2E_PORT ?? 3100}.jsonl`);

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/** Every mail received so far. */
export function receivedMails(): ReceivedMail[] {
  if (!fs.existsSync(MAIL_LOG)) return [];
  return fs
    .readFileSync(MAIL_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The subjects of the mails received by `address`. */
export const subjectsTo = (address: string) => receivedMails().filter((m) => m.to.includes(address)).map((m) => m.subject);
