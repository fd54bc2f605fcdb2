import type { SignInClock } from '../ports/sign-in-clock.js';
import { deliverQueuedMail } from './mail-delivery.js';
import type { ReceivedMail, SmtpSink } from './smtp-sink.js';
import type { TestApp } from './test-app.js';

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
