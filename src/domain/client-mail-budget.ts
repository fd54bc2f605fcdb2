import { z } from 'zod';
import { extendResultSchema, mailedSignerSchema } from './follow-up.schemas.js';

/**
 * How often the app may email a client (issue 33). One contract's follow-up mails (reminders by
 * hand or on the schedule, new links, any resend) share one budget: at most one an hour and three
 * in any 24 hours. The first request is not part of it: it is the send itself. Every mail to a
 * client, of every contract of the account, also counts against the account's daily limit
 * (`client_emails_per_day`). Both windows roll: "a day" is the last 24 hours, not the calendar
 * day, so no burst at midnight doubles what a client can receive.
 */

const HOUR_MS = 60 * 60 * 1000;
export const CLIENT_MAIL_WINDOW_MS = 24 * HOUR_MS;
export const FOLLOW_UP_MAIL_GAP_MS = HOUR_MS;
export const FOLLOW_UP_MAILS_PER_DAY = 3;

/** Which limit holds the next mail back. */
export type ClientMailLimit = 'contract_hour' | 'contract_day' | 'account_day';

export interface ClientMailWait {
  limit: ClientMailLimit;
  /** When the mail may go (ISO). */
  allowedAt: string;
}

/** Instants inside the window that ends now, newest first. */
function newestFirstWithin(sentAts: readonly string[], now: Date): number[] {
  const since = now.getTime() - CLIENT_MAIL_WINDOW_MS;
  return sentAts
    .map((at) => Date.parse(at))
    .filter((at) => Number.isFinite(at) && at > since)
    .sort((a, b) => b - a);
}

const waitUntil = (limit: ClientMailLimit, at: number): ClientMailWait => ({
  limit,
  allowedAt: new Date(at).toISOString(),
});

/**
 * When the next follow-up mail of one contract may go, given when the earlier ones went; null
 * when it may go now. The day's limit frees up when the third newest mail leaves the window.
 */
export function followUpMailWait(sentAts: readonly string[], now: Date): ClientMailWait | null {
  const times = newestFirstWithin(sentAts, now);
  const latest = times[0];
  const hour =
    latest !== undefined && latest + FOLLOW_UP_MAIL_GAP_MS > now.getTime()
      ? waitUntil('contract_hour', latest + FOLLOW_UP_MAIL_GAP_MS)
      : null;
  const third = times[FOLLOW_UP_MAILS_PER_DAY - 1];
  const day = third === undefined ? null : waitUntil('contract_day', third + CLIENT_MAIL_WINDOW_MS);
  return laterWait(hour, day);
}

/** When the account may email a client again under its daily limit; null when it may now. */
export function accountMailWait(
  sentAts: readonly string[],
  perDay: number,
  now: Date,
): ClientMailWait | null {
  // Below the limit once the limit-th newest mail leaves the window.
  const limitth = newestFirstWithin(sentAts, now)[Math.max(1, perDay) - 1];
  return limitth === undefined ? null : waitUntil('account_day', limitth + CLIENT_MAIL_WINDOW_MS);
}

/** The wait that ends last (the account's on a tie: it is the one the owner must hear of). */
export function laterWait(...waits: (ClientMailWait | null)[]): ClientMailWait | null {
  let later: ClientMailWait | null = null;
  for (const wait of waits) {
    if (!wait) continue;
    const sooner = later && Date.parse(wait.allowedAt) < Date.parse(later.allowedAt);
    const tie = later && wait.allowedAt === later.allowedAt && wait.limit !== 'account_day';
    if (!sooner && !tie) later = wait;
  }
  return later;
}

/** "200 client emails", "1 client email". */
const clientEmails = (count: number) =>
  `${count.toLocaleString('en-US')} client email${count === 1 ? '' : 's'}`;

/** Why no email may go now, as a sentence ending before the time. */
export function whyNoEmail(limit: ClientMailLimit, perDay: number): string {
  switch (limit) {
    case 'contract_hour':
      return 'The client was emailed about this contract less than an hour ago';
    case 'contract_day':
      return `The client has had ${FOLLOW_UP_MAILS_PER_DAY} emails about this contract in the last 24 hours`;
    case 'account_day':
      return `Your account has sent its ${clientEmails(perDay)} for today`;
  }
}

/** The 429's words: why, and when the next one can go (`when` in the company's words). */
export function clientMailRefusal(wait: ClientMailWait, perDay: number, when: string): string {
  const limitWhere =
    wait.limit === 'account_day' ? ' The limit is in Settings, Reminders & alerts.' : '';
  return `${whyNoEmail(wait.limit, perDay)}. The next email can go at ${when}.${limitWhere}`;
}

/** A later deadline saved without an email: what happened, why no email, and when one can go. */
export function deadlineOnlyMessage(
  wait: ClientMailWait,
  perDay: number,
  words: { deadline: string; when: string },
): string {
  const because: Record<ClientMailLimit, string> = {
    contract_hour: 'they were emailed about this contract less than an hour ago',
    contract_day: `they have had ${FOLLOW_UP_MAILS_PER_DAY} emails about this contract in the last 24 hours`,
    account_day: `your account has sent its ${clientEmails(perDay)} for today`,
  };
  return (
    `The deadline is now ${words.deadline}; the client was not emailed again because ` +
    `${because[wait.limit]}. The next email can go at ${words.when}.`
  );
}

/** GET /api/contracts/:id/next-client-email: when the contract's client may be emailed again. */
export const nextClientEmailSchema = z.object({
  /** When a reminder or a new link may email the client; null: now. */
  next_email_at: z.string().nullable(),
  /** Why it must wait and until when, in the company's time zone; null when it need not. */
  message: z.string().nullable(),
});
export type NextClientEmail = z.infer<typeof nextClientEmailSchema>;

/** POST /api/contracts/:id/extend's answer: the new deadline, and whether the client was emailed. */
export const extendOutcomeSchema = extendResultSchema.extend({
  /**
   * False when the client's mail budget said wait and the call only pushed the deadline back:
   * the links the client holds work until the new deadline, and no email went.
   */
  emailed: z.boolean(),
  /** When the next email to the client may go; null: now. */
  next_email_at: z.string().nullable(),
  /** Whom the new link was emailed to (issue 37); none when only the deadline moved. */
  to: z.array(mailedSignerSchema),
  /** What happened, when no email went ("The deadline is now ..."); null when one did. */
  message: z.string().nullable(),
});
export type ExtendOutcome = z.infer<typeof extendOutcomeSchema>;
