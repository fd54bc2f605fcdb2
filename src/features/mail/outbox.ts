import type { DbOrTrx } from '../../db/kysely.js';
import type { MailSealer } from './body-seal.js';
import { toHeaderText } from './mail-header.js';
import { senderOf } from './mail-sender.js';
import { insertOutboxRow } from './outbox.repo.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** A string is stored as UTF-8. */
  content: Buffer | string;
}

export interface MailToEnqueue {
  /**
   * What the mail is for: a key of MAIL_READERS (mail-kinds.ts), whose reader decides the From
   * name and Reply-To. An unknown kind is refused.
   */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Set for mails about a contract: the worker records email_sent / email_failed events on it. */
  contractId?: number | null;
}

/** How attachments sit in the `attachments` JSON column. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/**
 * Queues a mail for the worker. Call it with the transaction of the state change that causes the
 * mail (docs/decisions/009): if that change rolls back, the mail was never queued; if it
 * commits, the mail is stored and will be sent even if SMTP is down right now. The bodies are
 * sealed with the data folder's key (docs/decisions/017). Returns the id.
 */
export async function enqueueMail(
  trx: DbOrTrx,
  sealer: MailSealer,
  mail: MailToEnqueue,
): Promise<number> {
  const id = await insertMail(trx, sealer, mail, null);
  if (id === null) throw new Error('enqueueMail: the outbox refused the mail');
  return id;
}

/**
 * Queues a mail that must go at most once (reminder n of a contract, the first-view alert):
 * a second mail with the same key is not queued, whichever process tries, since the key is
 * unique in the outbox. Returns false when it was already queued.
 */
export async function enqueueMailOnce(
  trx: DbOrTrx,
  sealer: MailSealer,
  mail: MailToEnqueue & { dedupeKey: string },
): Promise<boolean> {
  return (await insertMail(trx, sealer, mail, mail.dedupeKey)) !== null;
}

async function insertMail(
  trx: DbOrTrx,
  sealer: MailSealer,
  mail: MailToEnqueue,
  dedupeKey: string | null,
): Promise<number | null> {
  const to = mail.to.trim();
  // Addresses are validated by the callers' schemas; this guards the envelope against a bug.
  if (to === '' || /[\r\n]/.test(to)) throw new Error('enqueueMail: invalid recipient address');
  const attachments: StoredAttachment[] | undefined = mail.attachments?.map((attachment) => ({
    filename: toHeaderText(attachment.filename, 150),
    contentType: toHeaderText(attachment.contentType, 100),
    content: (typeof attachment.content === 'string'
      ? Buffer.from(attachment.content, 'utf8')
      : attachment.content
    ).toString('base64'),
  }));
  const now = new Date().toISOString();
  // Read in the transaction that queues the mail: the contract as it is sent, not as it may be
  // by the time the worker runs.
  const sender = await senderOf(trx, mail.kind, mail.contractId ?? null);
  return insertOutboxRow(trx, {
    contract_id: mail.contractId ?? null,
    kind: mail.kind,
    to_address: to,
    from_name: sender.fromName,
    reply_to_address: sender.replyTo?.address ?? null,
    reply_to_name: sender.replyTo?.name ?? null,
    subject: toHeaderText(mail.subject),
    // Bodies may carry a signing link: sealed, never stored in plain text (docs/decisions/017).
    html: sealer.seal(mail.html),
    text: sealer.seal(mail.text),
    attachments: attachments?.length ? sealer.seal(JSON.stringify(attachments)) : null,
    status: 'pending',
    next_attempt_at: now,
    created_at: now,
    dedupe_key: dedupeKey,
  });
}
