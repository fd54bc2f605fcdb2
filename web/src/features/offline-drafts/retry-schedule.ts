import { failureOf } from '../../lib/failure';

/** 2 s, 4 s, 8 s... at most 5 minutes, each with up to a fifth more, so phones do not march. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5 * 60_000, 2000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + random() / 5));
}

/**
 * What a failed send means for a draft on the phone: `unreachable` when no answer came (no
 * connection, or one that carries nothing: the deadline passed), `later` when the server answered
 * that it could not do it now (its fault, or too many tries), `conflict` when the draft changed on
 * the server since this phone saw it, `signed-out` when the session ended, and `refused` when the
 * server said no to what was typed. In the background the first two are tried again.
 */
export type SendOutcome = 'unreachable' | 'later' | 'conflict' | 'signed-out' | 'refused';

export function sendOutcomeOf(error: unknown): SendOutcome {
  const failure = failureOf(error);
  switch (failure.kind) {
    case 'offline':
    case 'timeout':
      return 'unreachable';
    case 'server':
    case 'busy':
      return 'later';
    case 'conflict':
      return 'conflict';
    case 'signed-out':
      return 'signed-out';
    case 'refused':
      return 'refused';
  }
}

/** Whether the background sync tries the draft again on its schedule. */
export function triedAgain(outcome: SendOutcome): boolean {
  return outcome === 'unreachable' || outcome === 'later';
}
