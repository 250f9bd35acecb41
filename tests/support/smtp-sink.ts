// A local SMTP server the tests deliver to (docs/architecture.md#mail: mails
// arrive at a real SMTP server): no TLS, no authentication, every message
// handed whole to `onMail` with its envelope's recipients. `refuse` may turn a
// message away with a temporary error (the outbox's retries).
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  /** The message as sent. */
  raw: string;
  /** Its Subject header, unfolded; RFC 2047 words kept as sent. */
  subject: string;
}

export function smtpSink(onMail: (mail: SunkMail) => void, refuse: () => boolean = () => false): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuse()) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        const unfolded = raw.replace(/\r\n[ \t]+/g, " ");
        onMail({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject: /^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "" });
        callback();
      });
    },
  });
}
