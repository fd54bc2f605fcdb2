import type { FollowUpSettings } from './prefs.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most one reminder an hour per contract, whoever sends it. */
export const REMINDER_GAP_MS = 60 * 60 * 1000;

export interface ReminderScheduleInput {
  sentAt: string;
  /** Automatic reminders already sent. */
  autoSent: number;
  /**
   * The latest email with a link after the first request (a reminder of either kind, a new
   * link): the next automatic reminder keeps its interval from it. Null when there was none.
   */
  lastContactAt: string | null;
  /** When the newest link stops working: no reminder goes after it. */
  expiresAt: string | null;
  settings: Pick<
    FollowUpSettings,
    'reminders_enabled' | 'reminder_first_days' | 'reminder_every_days' | 'reminder_max'
  >;
}

/**
 * When the next automatic reminder is due (docs/decisions/022): the first `first_days` after
 * sending, then every `every_days`, at most `max`; never sooner than `every_days` after the
 * last email with a link, and never at or after the expiry. Null when none will go.
 */
export function nextAutomaticReminderAt(input: ReminderScheduleInput): string | null {
  const { settings } = input;
  if (!settings.reminders_enabled || input.autoSent >= settings.reminder_max) return null;
  if (!input.expiresAt) return null;
  const every = settings.reminder_every_days * DAY_MS;
  const scheduled =
    Date.parse(input.sentAt) + settings.reminder_first_days * DAY_MS + input.autoSent * every;
  const afterLast = input.lastContactAt ? Date.parse(input.lastContactAt) + every : 0;
  const due = Math.max(scheduled, afterLast);
  if (!Number.isFinite(due) || due >= Date.parse(input.expiresAt)) return null;
  return new Date(due).toISOString();
}

/** When a reminder may go again after one at `lastReminderAt`; null when it may now. */
export function remindAllowedAt(lastReminderAt: string | null, now: Date): string | null {
  if (!lastReminderAt) return null;
  const allowed = Date.parse(lastReminderAt) + REMINDER_GAP_MS;
  return allowed > now.getTime() ? new Date(allowed).toISOString() : null;
}
