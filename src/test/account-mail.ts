import { openQueuedBody, type TestApp } from './test-app.js';

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
