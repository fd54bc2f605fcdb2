import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand } from './types.js';

export interface SignInAlertMailInput {
  /** The account's email address. */
  email: string;
  failures: number;
  addresses: number;
  windowMinutes: number;
  /** ISO time of the failure that crossed the line. */
  at: string;
  /** PUBLIC_URL + /login */
  signInUrl: string;
  /** The company's time zone: the alert's time is on its clock (UTC when unset). */
  timeZone?: string | null;
}

/** Tells a contractor that their account sees more failed sign-ins than a person makes. */
export function renderSignInAlertMail(input: SignInAlertMailInput) {
  const subject = toHeaderText('Unusual sign-in attempts on your TradeSign account');
  const addresses =
    input.addresses === 1
      ? 'one network address'
      : `${input.addresses} different network addresses`;
  const { html, text } = renderParts('sign-in-alert', {
    subject,
    preheader: `${input.failures} failed sign-ins in ${input.windowMinutes} minutes. Nobody got in.`,
    brand: tradeSignBrand(),
    email: input.email,
    failures: input.failures,
    addresses,
    windowMinutes: input.windowMinutes,
    at: companyDateTime(input.at, input.timeZone),
    signInUrl: input.signInUrl,
  });
  return { subject, html, text };
}
