import { z } from 'zod';
import { canonicalTimeZone } from './dates.js';

/** Company preferences: onboarding and branding share these fields. */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email')
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

const optionalWebsite = z
  .string()
  .trim()
  .max(500, 'URL is too long')
  .refine((value) => value === '' || isWebUrl(value), 'Invalid URL')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The company's phone, one rule wherever company details are saved: onboarding asks for it, so
 * Branding and PUT /api/prefs cannot erase it (left out, it is kept), and both take the same
 * numbers (issue 31).
 */
export const companyPhoneField = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(40, 'At most 40 characters')
  .regex(/\d/, 'Enter a phone number');

export const companyNameField = z
  .string({ error: 'Company name required' })
  .trim()
  // Empty is missing; one character is too short (at least 2).
  .min(1, { error: 'Company name required', abort: true })
  .min(2, 'Company name must be at least 2 characters')
  .max(200, 'At most 200 characters');

/**
 * The company's time zone (issue 31): an IANA name such as `America/Chicago`, stored as the
 * runtime names it. Blank or null means not set: times are then shown in UTC.
 */
export const timeZoneField = z
  .string({ error: 'Enter a time zone such as America/Chicago' })
  .trim()
  .max(100, 'At most 100 characters')
  .refine((value) => value === '' || canonicalTimeZone(value) !== null, {
    error: (issue) =>
      `Unknown time zone "${String(issue.input)}": use an IANA name such as America/Chicago`,
  })
  .transform((value) => (value === '' ? null : canonicalTimeZone(value)))
  .nullable()
  .optional();

/** The highest fee a company may ask for a paper copy of its records: $1,000.00. */
export const MAX_PAPER_COPY_FEE_CENTS = 1_000 * 100;

/**
 * What the company charges for a paper copy of the records a client agreed to receive
 * electronically (issue 32), printed in the notice the client accepts before signing. Integer
 * cents; null or 0 is no fee, stored as null so "no fee" has one value.
 */
export const paperCopyFeeCentsField = z
  .number({ error: 'The fee must be a whole number of cents' })
  .int('The fee must be a whole number of cents')
  .min(0, 'The fee cannot be negative')
  .max(MAX_PAPER_COPY_FEE_CENTS, 'The fee is at most $1,000.00')
  .transform((cents) => (cents === 0 ? null : cents))
  .nullable()
  .optional()
  .meta({
    description:
      'Fee for a paper copy of the records, in cents (0 to 100000, e.g. 2500 for $25.00), printed in the electronic-records notice clients accept before signing. Null or 0: no fee.',
  });

const wholeDays = (most: number) =>
  z
    .number({ error: 'Enter a number of days' })
    .int('Whole days only')
    .min(1, 'At least 1 day')
    .max(most, `At most ${most} days`);

/**
 * Follow-up settings (issue 17): the email on a client's first opening, and automatic
 * reminders: the first after `reminder_first_days`, then every `reminder_every_days`, at most
 * `reminder_max` of them, never after the link expires.
 */
export const followUpSettingsSchema = z.object({
  viewed_alerts_enabled: z.boolean({ error: 'Must be true or false' }),
  reminders_enabled: z.boolean({ error: 'Must be true or false' }),
  reminder_first_days: wholeDays(30),
  reminder_every_days: wholeDays(30),
  reminder_max: z
    .number({ error: 'Enter a number of reminders' })
    .int('Whole numbers only')
    .min(0, 'At least 0')
    .max(10, 'At most 10 reminders'),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

export const FOLLOW_UP_DEFAULTS: FollowUpSettings = {
  viewed_alerts_enabled: true,
  reminders_enabled: true,
  reminder_first_days: 3,
  reminder_every_days: 4,
  reminder_max: 3,
};

/** How many emails an account sends its clients in any 24 hours unless the owner changes it. */
export const CLIENT_EMAILS_PER_DAY_DEFAULT = 200;
export const CLIENT_EMAILS_PER_DAY_MAX = 1_000;

/**
 * The account's limit on emails to its clients in any 24 hours, all contracts together (issue
 * 33): new contracts, reminders, new links, withdrawals and signed copies. Past it, sending,
 * reminding and new links wait, so a script or a stolen key cannot mail hundreds of strangers.
 */
export const clientEmailsPerDayField = z
  .number({ error: 'Enter a number of emails' })
  .int('Whole numbers only')
  .min(1, 'At least 1 email')
  .max(
    CLIENT_EMAILS_PER_DAY_MAX,
    `At most ${CLIENT_EMAILS_PER_DAY_MAX.toLocaleString('en-US')} emails`,
  )
  .meta({
    description:
      'Emails the account may send its clients in any 24 hours, all contracts together (1 to 1000; 200 unless changed).',
  });

/**
 * Branding form and PUT /api/prefs: a field left out keeps its value; a name or phone sent must
 * be valid (neither can be cleared).
 */
export const updatePrefsInputSchema = z.object({
  company_name: companyNameField.optional(),
  company_phone: companyPhoneField.optional(),
  company_email: optionalEmail,
  company_address: optionalText(500),
  company_website: optionalWebsite,
  /** Only null is accepted: it removes the logo. A logo is set by uploading it. */
  logo_path: z
    .null({ error: 'logo_path can only be null (to remove the logo); upload a logo instead' })
    .optional(),
  time_zone: timeZoneField,
  paper_copy_fee_cents: paperCopyFeeCentsField,
  ...followUpSettingsSchema.partial().shape,
  client_emails_per_day: clientEmailsPerDayField.optional(),
});
export type UpdatePrefsInput = z.infer<typeof updatePrefsInputSchema>;

/** Onboarding: company name, phone and email required; website optional. */
export const onboardingInputSchema = z.object({
  company_name: companyNameField,
  company_phone: companyPhoneField,
  company_email: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Invalid email' }))
    .transform((email) => email.toLowerCase()),
  company_address: optionalText(500),
  company_website: optionalWebsite,
  /** The browser's zone, shown and changeable. */
  time_zone: timeZoneField,
});
export type OnboardingInput = z.infer<typeof onboardingInputSchema>;

export const prefsSchema = z.object({
  company_name: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  company_address: z.string().nullable(),
  company_website: z.string().nullable(),
  logo_path: z.string().nullable(),
  /** IANA name of the company's time zone; null until set (times then show in UTC). */
  time_zone: z.string().nullable(),
  paper_copy_fee_cents: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Fee for a paper copy of the records, in cents; null: no fee.' }),
  ...followUpSettingsSchema.shape,
  client_emails_per_day: clientEmailsPerDayField,
});
export type Prefs = z.infer<typeof prefsSchema>;
