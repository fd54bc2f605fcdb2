import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { startPolling } from '../../lib/polling.js';
import type { DB } from '../../db/kysely.js';

import type { MailSealer } from './body-seal.js';
import type { StoredAttachment } from './outbox.js';
import {
  claimNextOutboxRow,
  endLeasesOfDeadSenders,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  type OutboxRow,
} from './outbox.repo.js';
import { describeSendError, MailSendError, toMailSendError } from './send-error.js';
import type { MailLog, MailTransport, OutgoingMail } from './transport.js';

export { listFailedMailContractIds } from './outbox.repo.js';

/** A mail is given up after this many failed attempts (about 21 hours after the first). */
export const MAX_ATTEMPTS = 8;

const MINUTE_MS = 60_000;
/** Wait after the n-th failure (index n - 1); an SMTP outage of hours still delivers. */
const BACKOFF_MS = [0.5, 2, 10, 30, 120, 360, 720].map((minutes) => minutes * MINUTE_MS);

/** How long to wait after `attempts` failed attempts. */
export function retryDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
}

export interface MailWorkerOptions {
  db: DB;
  transport: MailTransport;
  log: MailLog;
  /** Time between polls of the outbox. */
  pollMs?: number;
  /** Most mails sent per poll. */
  batchSize?: number;
  /** Opens the sealed bodies (docs/decisions/017). */
  sealer: MailSealer;
  /**
   * How long a claimed mail is this worker's alone: longer than any send can take (the
   * transport's timeouts). Past it, another instance may send it (docs/decisions/023).
   */
  leaseMs?: number;
  /** The clock; tests move it instead of waiting for retry delays and leases. */
  now?: () => Date;
}

/** The transport gives up within about 45 s: WORK_LEASE_SECONDS' default leaves a wide margin. */
export const DEFAULT_LEASE_MS = 180_000;

export interface MailWorker {
  /** Waits for a send in flight, then stops polling. Safe to call twice. */
  stop(): Promise<void>;
  /** One poll now (after any poll in flight); resolves with how many mails were delivered. */
  runOnce(): Promise<number>;
}

/**
 * The outbox worker of one instance (docs/decisions/009, 023). Delivery is at-least-once: a row
 * is claimed ('sending', with a lease) before the send and marked 'sent' after it, so a crash
 * between the two leaves it claimed until the lease ends, and then any instance sends it again.
 * A rare duplicate mail beats a lost one.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log, sealer, pollMs = 1000, batchSize = 5 } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = options.now ?? (() => new Date());
  log.info({}, `mail: ${transport.describe}`);

  const recovered = endLeasesOfDeadSenders(db, clock()).then(
    (count) => {
      if (count > 0) log.warn({ count }, 'mail: resending mails interrupted by a restart');
    },
    (error: unknown) => log.warn({ err: error }, 'mail: could not requeue interrupted sends'),
  );

  const tick = async (): Promise<number> => {
    let delivered = 0;
    try {
      for (let sent = 0; sent < batchSize && !polling.stopped; sent += 1) {
        const row = await claimNextOutboxRow(db, clock(), leaseMs);
        if (!row) break;
        const outcome = await deliver(row);
        if (outcome === 'sent') delivered += 1;
        // The server is likely down: the rest wait for the next poll instead of each paying the
        // connection timeout now.
        if (outcome === 'retry') break;
      }
    } catch (error) {
      log.warn({ err: error }, 'mail: outbox poll failed');
    }
    return delivered;
  };

  const deliver = async (row: OutboxRow): Promise<'sent' | 'retry' | 'failed' | 'late'> => {
    let mail: OutgoingMail;
    try {
      mail = toOutgoingMail(row, sealer);
    } catch (error) {
      // A body sealed with another key (a database restored without its key file) never opens.
      return recordFailure(row, new MailSendError(describeSendError(error), true));
    }
    try {
      await transport.send(mail);
    } catch (error) {
      return recordFailure(row, error);
    }
    const now = clock().toISOString();
    const recorded = await db.transaction().execute(async (trx) => {
      if (!(await markOutboxSent(trx, row, now))) return false;
      if (row.contract_id !== null) {
        await insertContractEvent(trx, {
          contractId: row.contract_id,
          type: 'email_sent',
          at: now,
          details: { kind: row.kind, to: row.to_address },
        });
      }
      return true;
    });
    if (!recorded) {
      // The send outlived its lease and another instance took the mail: it records the outcome.
      log.warn({ mailId: row.id, kind: row.kind }, 'mail: sent after its lease ran out');
      return 'late';
    }
    log.info({ mailId: row.id, kind: row.kind }, 'mail: sent');
    return 'sent';
  };

  const recordFailure = async (row: OutboxRow, error: unknown): Promise<'retry' | 'failed'> => {
    const failure = toMailSendError(error);
    const attempts = row.attempts + 1;
    const facts = { mailId: row.id, kind: row.kind, attempts, error: failure.message };
    if (!failure.permanent && attempts < MAX_ATTEMPTS) {
      const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
      await markOutboxRetry(db, row, { attempts, nextAttemptAt, lastError: failure.message });
      log.warn({ ...facts, nextAttemptAt }, 'mail: send failed, will retry');
      return 'retry';
    }
    const now = clock().toISOString();
    await db.transaction().execute(async (trx) => {
      if (!(await markOutboxFailed(trx, row, { attempts, lastError: failure.message }))) return;
      if (row.contract_id !== null) {
        await insertContractEvent(trx, {
          contractId: row.contract_id,
          type: 'email_failed',
          at: now,
          details: { kind: row.kind, to: row.to_address, error: failure.message },
        });
      }
    });
    log.warn(facts, 'mail: send failed for good');
    return 'failed';
  };

  // Polls run one after another, the timer's and runOnce's alike, after the recovery at start;
  // the shared poller also reports them to /readyz (src/lib/polling.ts).
  const polling = startPolling(tick, {
    pollMs,
    after: recovered,
    onError: (error) => log.warn({ err: error }, 'mail: outbox poll failed'),
  });

  return { runOnce: () => polling.runOnce(), stop: () => polling.stop() };
}

function toOutgoingMail(row: OutboxRow, sealer: MailSealer): OutgoingMail {
  const stored = row.attachments
    ? (JSON.parse(sealer.open(row.attachments)) as StoredAttachment[])
    : [];
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    fromName: row.from_name,
    replyTo:
      row.reply_to_address === null
        ? null
        : { name: row.reply_to_name ?? '', address: row.reply_to_address },
    subject: row.subject,
    html: row.html === null ? '' : sealer.open(row.html),
    text: row.text === null ? '' : sealer.open(row.text),
    attachments: stored.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content, 'base64'),
    })),
  };
}
