import { describe, expect, it } from 'vitest';
import {
  accountMailWait,
  clientMailRefusal,
  deadlineOnlyMessage,
  followUpMailWait,
  laterWait,
} from './client-mail-budget.js';

const NOW = new Date('2026-12-01T15:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe("a contract's follow-up mails", () => {
  it('may go now after none, or an hour after the last', () => {
    expect(followUpMailWait([], NOW)).toBeNull();
    expect(followUpMailWait([ago(60)], NOW)).toBeNull();
    expect(followUpMailWait([ago(59)], NOW)).toEqual({
      limit: 'contract_hour',
      allowedAt: '2026-12-01T15:01:00.000Z',
    });
  });

  it('wait for the third newest of the last 24 hours to leave them', () => {
    expect(followUpMailWait([ago(600), ago(300), ago(120)], NOW)).toEqual({
      limit: 'contract_day',
      allowedAt: '2026-12-02T05:00:00.000Z',
    });
    // One that left the window no longer counts.
    expect(followUpMailWait([ago(24 * 60), ago(300), ago(120)], NOW)).toBeNull();
    // The later of both limits.
    expect(followUpMailWait([ago(24 * 60 - 30), ago(90), ago(10)], NOW)).toEqual({
      limit: 'contract_hour',
      allowedAt: '2026-12-01T15:50:00.000Z',
    });
  });
});

describe("an account's daily limit", () => {
  it('frees up when the limit-th newest mail of the last 24 hours leaves them', () => {
    expect(accountMailWait([ago(5), ago(10)], 3, NOW)).toBeNull();
    expect(accountMailWait([ago(5), ago(10), ago(20 * 60)], 3, NOW)).toEqual({
      limit: 'account_day',
      allowedAt: '2026-12-01T19:00:00.000Z',
    });
    expect(accountMailWait([ago(5), ago(10), ago(20 * 60), ago(23 * 60)], 3, NOW)).toEqual({
      limit: 'account_day',
      allowedAt: '2026-12-01T19:00:00.000Z',
    });
  });

  it('wins a tie, since the owner must hear of it', () => {
    const at = '2026-12-01T16:00:00.000Z';
    expect(
      laterWait({ limit: 'account_day', allowedAt: at }, { limit: 'contract_hour', allowedAt: at }),
    ).toEqual({ limit: 'account_day', allowedAt: at });
    expect(laterWait(null, null)).toBeNull();
  });
});

describe('the words', () => {
  const wait = { limit: 'account_day', allowedAt: '2026-12-02T15:00:00.000Z' } as const;
  it('say why and when', () => {
    expect(clientMailRefusal(wait, 1200, '9:00 AM')).toBe(
      'Your account has sent its 1,200 client emails for today. The next email can go at 9:00 AM. ' +
        'The limit is in Settings, Reminders & alerts.',
    );
    expect(clientMailRefusal(wait, 1, '9:00 AM')).toMatch(
      /^Your account has sent its 1 client email for today\./,
    );
    expect(
      deadlineOnlyMessage({ ...wait, limit: 'contract_day' }, 200, {
        deadline: 'December 20',
        when: '9:00 AM',
      }),
    ).toBe(
      'The deadline is now December 20; the client was not emailed again because they have had ' +
        '3 emails about this contract in the last 24 hours. The next email can go at 9:00 AM.',
    );
  });
});
