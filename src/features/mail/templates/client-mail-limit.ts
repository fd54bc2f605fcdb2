import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand } from './types.js';

export interface ClientMailLimitMailInput {
  /** The account's email address. */
  email: string;
  /** The account's limit: emails to clients in any 24 hours. */
  perDay: number;
  /** ISO time the next email to a client can go. */
  allowedAt: string;
  /** PUBLIC_URL + /settings/reminders, where the limit is set. */
  settingsUrl: string;
  /** The company's time zone: the time is on its clock (UTC when unset). */
  timeZone?: string | null;
}

/**
 * Tells the owner that their account reached its daily limit on emails to clients (issue 33):
 * what waits, until when, where to raise it, and what to do if it was not them.
 */
export function renderClientMailLimitMail(input: ClientMailLimitMailInput) {
  const perDay = `${input.perDay.toLocaleString('en-US')} ${input.perDay === 1 ? 'email' : 'emails'}`;
  const subject = toHeaderText('TradeSign has paused emails to your clients for today');
  const allowedAt = companyDateTime(input.allowedAt, input.timeZone);
  const { html, text } = renderParts('client-mail-limit', {
    subject,
    preheader: `Your account sent ${perDay} to clients in 24 hours. The next can go at ${allowedAt}.`,
    brand: tradeSignBrand(),
    email: input.email,
    perDay,
    allowedAt,
    settingsUrl: input.settingsUrl,
  });
  return { subject, html, text };
}
