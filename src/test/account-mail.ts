import type { SignInClock } from '../ports/sign-in-clock.js';
import { deliverQueuedMail } from './mail-delivery.js';
import type { ReceivedMail, SmtpSink } from './smtp-sink.js';
import { openQueuedBody, type TestApp } from './test-app.js';

/**
 * Helpers for the account's own mails (issue 34): a clock the tests move by hand, whose waits are
 * recorded instead of slept, and the mails an address got, as delivered over SMTP.
 */
export interface FakeClock extends SignInClock {
  waits: number[];
  advance(ms: number): void;
}

export function fakeClock(startMs = Date.parse('2026-12-02T15:00:00Z')): FakeClock {
  let nowMs = startMs;
  const waits: number[] = [];
  return {
    waits,
    now: () => nowMs,
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    advance(ms) {
      nowMs += ms;
    },
  };
}

/** Sends what is queued through the app's SMTP_URL, then the mails `address` has received. */
export async function mailsTo(
  t: TestApp,
  sink: SmtpSink,
  address: string,
): Promise<ReceivedMail[]> {
  await deliverQueuedMail(t);
  return sink.messages.filter((mail) => mail.envelope.to.includes(address));
}

/** The reset link's token in a mail's text part (and the same link in its HTML). */
export function resetTokenIn(mail: ReceivedMail): string {
  const token = /\/reset-password\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}

export interface QueuedAccountMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The queued mails of one kind (to one address), oldest first, their bodies as sent. */
export async function queuedMails(
  t: TestApp,
  kind: string,
  to?: string,
): Promise<QueuedAccountMail[]> {
  let query = t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'html', 'text'])
    .where('kind', '=', kind)
    .orderBy('id', 'asc');
  if (to) query = query.where('to_address', '=', to);
  const rows = await query.execute();
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    html: openQueuedBody(t, row.html ?? ''),
    text: openQueuedBody(t, row.text ?? ''),
  }));
}

/** The newest queued mail of one kind to one address; fails when there is none. */
export async function lastMail(t: TestApp, kind: string, to: string): Promise<QueuedAccountMail> {
  const mails = await queuedMails(t, kind, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no ${kind} mail to ${to} was queued`);
  return last;
}

/** The token of the `/<page>/<token>` link in a mail's text part. */
export function linkTokenIn(text: string, page: 'verify-email' | 'confirm-email'): string {
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]{43})\\b`).exec(text)?.[1];
  if (!token) throw new Error(`no /${page}/ link in:\n${text}`);
  return token;
}
