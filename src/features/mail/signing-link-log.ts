/** What the log line needs of a mail and a logger (transport.ts passes its own). */
interface WrittenMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}
interface InfoLog {
  info(obj: object, msg?: string): void;
}

/**
 * The mails that carry a client's signing link: the first request, each reminder and each new
 * link (src/features/esign/link-mail.ts queues all three).
 */
const SIGNING_LINK_KINDS: ReadonlySet<string> = new Set([
  'signing_request',
  'signing_reminder',
  'signing_new_link',
]);

/** The first absolute signing-page URL in a text body. */
export function findSigningLink(text: string): string | null {
  return /https?:\/\/[^\s<>"]+\/esign\/[^\s<>"]+/.exec(text)?.[0] ?? null;
}

/**
 * The log line of a mail written to a file because no SMTP_URL is set. A mail that carries a
 * signing link names the link: without SMTP the owner (or a developer trying the app) has no
 * other way to reach the signing page. This is the one sanctioned exception to "links are never
 * logged" (README, Email), and it holds for every link a client is sent, so a reminder's or a
 * new link opens as the first request's does. With SMTP no link is ever logged.
 */
export function logMailWrittenToFile(log: InfoLog, message: WrittenMail, file: string): void {
  const link = SIGNING_LINK_KINDS.has(message.kind) ? findSigningLink(message.text) : null;
  if (link) log.info({ file }, `Signing link for ${message.to}: ${link}`);
  else log.info({ file }, `Mail "${message.subject}" written to file`);
}
