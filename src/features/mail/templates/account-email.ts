import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { maskEmail } from '../../../domain/masked-email.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand, type RenderedMail } from './types.js';

/** Every mail here is the account's own, in its language, its times on the company's clock. */
interface AccountMailReader {
  language: Language;
  /** The company's time zone (UTC when unset). */
  timeZone?: string | null;
}

interface AccountMailParts {
  subject: string;
  preheader: string;
  paragraphs: string[];
  button: { label: string; url: string; linkLine: string } | null;
  closing: string[];
}

function renderAccountMail(language: Language, parts: AccountMailParts): RenderedMail {
  const subject = toHeaderText(parts.subject);
  const { html, text } = renderParts(
    'account-email',
    {
      ...parts,
      subject,
      brand: tradeSignBrand(),
      greeting: messagesFor(language).accountEmail.greeting,
    },
    language,
  );
  return { subject, html, text };
}

const wordsOf = (language: Language) => messagesFor(language).accountEmail;

/** The link that verifies a new account's email (sign-up in `open` mode, and each resend). */
export function renderVerificationMail(
  input: AccountMailReader & { email: string; verifyUrl: string; expiresAt: string },
): RenderedMail {
  const words = wordsOf(input.language).verification;
  return renderAccountMail(input.language, {
    subject: words.subject,
    preheader: words.preheader,
    paragraphs: [words.intro(input.email)],
    button: { label: words.button, url: input.verifyUrl, linkLine: words.linkLine },
    closing: [
      words.expires(companyDateTime(input.expiresAt, input.timeZone, input.language)),
      words.notYou,
    ],
  });
}

/** To the new address: the link that makes it the sign-in email. */
export function renderEmailChangeConfirmMail(
  input: AccountMailReader & { newEmail: string; confirmUrl: string; expiresAt: string },
): RenderedMail {
  const words = wordsOf(input.language).changeConfirm;
  return renderAccountMail(input.language, {
    subject: words.subject,
    preheader: words.preheader,
    paragraphs: [words.intro(input.newEmail)],
    button: { label: words.button, url: input.confirmUrl, linkLine: words.linkLine },
    closing: [
      words.expires(companyDateTime(input.expiresAt, input.timeZone, input.language)),
      words.notYou,
    ],
  });
}

/** To the old address, when a change is asked: who can stop it, and how. */
export function renderEmailChangeNoticeMail(
  input: AccountMailReader & { newEmail: string; expiresAt: string; securityUrl: string },
): RenderedMail {
  const words = wordsOf(input.language).changeNotice;
  return renderAccountMail(input.language, {
    subject: words.subject,
    preheader: words.preheader,
    paragraphs: [
      words.intro(maskEmail(input.newEmail)),
      words.until(companyDateTime(input.expiresAt, input.timeZone, input.language)),
    ],
    button: { label: words.button, url: input.securityUrl, linkLine: words.linkLine },
    closing: [],
  });
}

/**
 * To a new address that already has an account: the answer to the asker is the same as for a
 * free address (docs/decisions/043), and only the address's owner learns it is taken.
 */
export function renderEmailTakenMail(
  input: AccountMailReader & { signInUrl: string },
): RenderedMail {
  const words = wordsOf(input.language).changeTaken;
  return renderAccountMail(input.language, {
    subject: words.subject,
    preheader: words.preheader,
    paragraphs: [words.intro, words.ifYou],
    button: { label: words.button, url: input.signInUrl, linkLine: words.linkLine },
    closing: [],
  });
}

/** To the old address, once the change is made. */
export function renderEmailChangedMail(
  input: AccountMailReader & { newEmail: string; changedAt: string },
): RenderedMail {
  const words = wordsOf(input.language).changed;
  const when = companyDateTime(input.changedAt, input.timeZone, input.language);
  return renderAccountMail(input.language, {
    subject: words.subject,
    preheader: words.preheader,
    paragraphs: [words.intro(maskEmail(input.newEmail), when)],
    button: null,
    closing: [words.notYou],
  });
}
