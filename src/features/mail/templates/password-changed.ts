import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { describeDevice } from '../../../lib/device.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand, type RenderedMail } from './types.js';

export interface PasswordChangedMailInput {
  email: string;
  /** From an emailed link (every device signed out), or in Settings (every other one). */
  how: 'reset' | 'change';
  /** ISO time of the change. */
  at: string;
  /** The device and address that changed it. */
  userAgent: string | null;
  ip: string | null;
  /** PUBLIC_URL + /forgot-password: what to do when it was not the owner. */
  resetUrl: string;
  language: Language;
  /** The company's time zone: the time is on its clock (UTC when unset). */
  timeZone?: string | null;
}

/** "Your password was changed": when, from which device and address, and what to do if not you. */
export function renderPasswordChangedMail(input: PasswordChangedMailInput): RenderedMail {
  const words = messagesFor(input.language).passwordMails;
  const changed = words.changed;
  const subject = toHeaderText(changed.subject);
  const facts = [
    { label: changed.how, value: input.how === 'reset' ? changed.howReset : changed.howChange },
    { label: changed.when, value: companyDateTime(input.at, input.timeZone, input.language) },
    { label: changed.device, value: describeDevice(input.userAgent, words.device) },
    { label: changed.address, value: input.ip ?? words.device.unknownAddress },
  ];
  const { html, text } = renderParts(
    'password-changed',
    {
      subject,
      preheader: changed.preheader,
      brand: tradeSignBrand(),
      words: changed,
      intro: changed.intro(input.email),
      facts,
      signedOut: input.how === 'reset' ? changed.signedOutEverywhere : changed.signedOutOthers,
      resetUrl: input.resetUrl,
    },
    input.language,
  );
  return { subject, html, text };
}
