import type { FollowUpSettings } from '@domain/prefs.schemas';

type Schedule = Pick<
  FollowUpSettings,
  'reminders_enabled' | 'reminder_first_days' | 'reminder_every_days' | 'reminder_max'
>;

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const isWhole = (value: unknown): value is number => typeof value === 'number' && value >= 0;

/**
 * The schedule in one sentence: "The client gets a reminder 3 days after you send, then every
 * 4 days, at most 3, never after the link expires." Null while a field is not a number yet.
 */
export function followUpSummary(values: {
  [K in keyof Schedule]: Schedule[K] | (K extends 'reminders_enabled' ? never : string);
}): string | null {
  if (!values.reminders_enabled) return 'No automatic reminders: you send each one yourself.';
  const { reminder_first_days: first, reminder_every_days: every, reminder_max: most } = values;
  if (!isWhole(first) || !isWhole(every) || !isWhole(most)) return null;
  if (most === 0) return 'No automatic reminders go out (at most 0): you send each one yourself.';
  if (most === 1) {
    return `The client gets one reminder ${days(first)} after you send, never after the link expires.`;
  }
  return `The client gets a reminder ${days(first)} after you send, then every ${days(every)}, at most ${most}, never after the link expires.`;
}
