import { describe, expect, it } from 'vitest';
import { followUpSummary } from './follow-up-summary';

/** FOLLOW_UP_DEFAULTS' schedule (the unit tests have no @domain alias at run time). */
const FOLLOW_UP_DEFAULTS = {
  reminders_enabled: true,
  reminder_first_days: 3,
  reminder_every_days: 4,
  reminder_max: 3,
};

describe('the reminder schedule in one sentence', () => {
  it('reads the defaults as the settings page shows them', () => {
    expect(followUpSummary(FOLLOW_UP_DEFAULTS)).toBe(
      'The client gets a reminder 3 days after you send, then every 4 days, at most 3, never after the link expires.',
    );
  });

  it('says one day, one reminder and none in words that fit', () => {
    const base = { ...FOLLOW_UP_DEFAULTS, reminder_first_days: 1 };
    expect(followUpSummary({ ...base, reminder_max: 1 })).toBe(
      'The client gets one reminder 1 day after you send, never after the link expires.',
    );
    expect(followUpSummary({ ...base, reminder_max: 0 })).toMatch(/^No automatic reminders/);
    expect(followUpSummary({ ...base, reminders_enabled: false })).toMatch(
      /^No automatic reminders/,
    );
  });

  it('says nothing while a field is empty', () => {
    expect(followUpSummary({ ...FOLLOW_UP_DEFAULTS, reminder_every_days: '' })).toBeNull();
  });
});
