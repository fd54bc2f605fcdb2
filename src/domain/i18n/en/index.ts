import { accountEmail } from './account-email.js';
import { certificate } from './certificate.js';
import { dates } from './dates.js';
import { events } from './events.js';
import { mail } from './mail.js';
import { passwordMails } from './password-mails.js';
import { payments } from './payments.js';
// Issue 36, later stages: the payment request's mail and page.
import { paymentRequest } from './payment-request.js';
import { securityEvents } from './security-events.js';
import { signing } from './signing.js';
import { twoFactorMail } from './two-factor-mail.js';

/** English: the shape every other catalogue follows (../catalogue.ts). */
export const en = {
  signing,
  dates,
  mail,
  certificate,
  events,
  securityEvents,
  passwordMails,
  twoFactorMail,
  accountEmail,
  payments,
  paymentRequest,
};

/** A whole catalogue: English's shape, which every language's must have. */
export type Messages = typeof en;
