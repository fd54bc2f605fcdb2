import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_DEFAULTS } from './prefs.schemas.js';
import { nextAutomaticReminderAt, remindAllowedAt } from './reminder-schedule.js';

const sentAt = '2026-11-02T10:00:00.000Z';
const expiresAt = '2026-12-02T10:00:00.000Z';
const day = (n: number) => new Date(Date.parse(sentAt) + n * 86_400_000).toISOString();
const schedule = (over: Partial<Parameters<typeof nextAutomaticReminderAt>[0]> = {}) =>
  nextAutomaticReminderAt({
    sentAt,
    autoSent: 0,
    lastContactAt: null,
    expiresAt,
    settings: FOLLOW_UP_DEFAULTS,
    ...over,
  });

describe('the automatic reminder schedule', () => {
  it('goes 3 days after sending, then every 4 days, at most 3 times (the defaults)', () => {
    expect(schedule()).toBe(day(3));
    expect(schedule({ autoSent: 1, lastContactAt: day(3) })).toBe(day(7));
    expect(schedule({ autoSent: 2, lastContactAt: day(7) })).toBe(day(11));
    expect(schedule({ autoSent: 3, lastContactAt: day(11) })).toBeNull();
  });

  it('keeps its interval after a reminder sent by hand or a new link', () => {
    // A reminder by hand on day 2: the first automatic one waits 4 days from it.
    expect(schedule({ lastContactAt: day(2) })).toBe(day(6));
    // One by hand long before the next is due changes nothing.
    expect(schedule({ autoSent: 1, lastContactAt: day(3.5) })).toBe(day(7.5));
  });

  it('sends none at or after the expiry, and none when turned off', () => {
    expect(schedule({ expiresAt: day(3) })).toBeNull();
    expect(schedule({ expiresAt: day(3.001) })).toBe(day(3));
    expect(schedule({ expiresAt: null })).toBeNull();
    expect(schedule({ settings: { ...FOLLOW_UP_DEFAULTS, reminders_enabled: false } })).toBeNull();
    expect(schedule({ settings: { ...FOLLOW_UP_DEFAULTS, reminder_max: 0 } })).toBeNull();
  });

  it('follows the account’s own days', () => {
    const settings = { ...FOLLOW_UP_DEFAULTS, reminder_first_days: 1, reminder_every_days: 2 };
    expect(schedule({ settings })).toBe(day(1));
    expect(schedule({ settings, autoSent: 2, lastContactAt: day(3) })).toBe(day(5));
  });
});

describe('reminders by hand', () => {
  it('allows one an hour', () => {
    const now = new Date('2026-11-05T10:30:00.000Z');
    expect(remindAllowedAt(null, now)).toBeNull();
    expect(remindAllowedAt('2026-11-05T10:00:00.000Z', now)).toBe('2026-11-05T11:00:00.000Z');
    expect(remindAllowedAt('2026-11-05T09:30:00.000Z', now)).toBeNull();
  });
});
