import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { describeDevice } from '../../../lib/device.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand, type RenderedMail } from './types.js';

export interface PasswordResetMailInput {
  /** The account's email address. */
  email: string;
  /** PUBLIC_URL + /reset-password/<token>: the mail is the one place the token goes. */
  link: string;
  hours: number;
  /** ISO time the link stops working. */
  expiresAt: string;
  /** Who asked: their user agent and address, so the owner can tell whether it was them. */
  userAgent: string | null;
  ip: string | null;
  language: Language;
  /** The company's time zone: the expiry is on its clock (UTC when unset). */
  timeZone?: string | null;
}

/** The reset link, mailed to the account's address when someone asks for it (issue 34). */
export function renderPasswordResetMail(input: PasswordResetMailInput): RenderedMail {
  const words = messagesFor(input.language).passwordMails;
  const subject = toHeaderText(words.reset.subject);
  const device = describeDevice(input.userAgent, words.device);
  const { html, text } = renderParts(
    'password-reset',
    {
      subject,
      preheader: words.reset.preheader(input.hours),
      brand: tradeSignBrand(),
      words: words.reset,
      intro: words.reset.intro(input.email),
      link: input.link,
      expires: words.reset.expires(
        input.hours,
        companyDateTime(input.expiresAt, input.timeZone, input.language),
      ),
      askedFrom: words.reset.askedFrom(device, input.ip ?? words.device.unknownAddress),
    },
    input.language,
  );
  return { subject, html, text };
}
