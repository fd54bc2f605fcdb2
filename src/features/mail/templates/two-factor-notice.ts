import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { describeDevice, UNKNOWN_DEVICE } from '../../../lib/device.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { tradeSignBrand, type RenderedMail } from './types.js';

/** What happened to the account's two-step sign-in (issue 34, docs/decisions/042). */
export type TwoFactorNotice =
  | { kind: 'enabled' | 'disabled' | 'disabledAtServer' | 'codesReplaced' }
  | { kind: 'codeUsed'; recoveryCodesLeft: number }
  | { kind: 'codeAlert'; failures: number };

export type TwoFactorNoticeMailInput = TwoFactorNotice & {
  /** The account's email address. */
  email: string;
  /** The account's language (users.language). */
  language: Language;
  /** ISO time it happened, printed on the company's clock (UTC when it has none). */
  at: string;
  timeZone: string | null;
  /** The device and address it came from. */
  userAgent: string | null;
  ip: string | null;
  /** PUBLIC_URL + /settings/security */
  settingsUrl: string;
};

/** Tells the account's owner, in their language, of a change to how they sign in. */
export function renderTwoFactorNoticeMail(input: TwoFactorNoticeMailInput): RenderedMail {
  const words = messagesFor(input.language).twoFactorMail;
  const kind = words[input.kind];
  const intro =
    input.kind === 'codeUsed'
      ? words.codeUsed.intro(input.email, input.recoveryCodesLeft)
      : input.kind === 'codeAlert'
        ? words.codeAlert.intro(input.email, input.failures)
        : words[input.kind].intro(input.email);
  const device = describeDevice(input.userAgent);
  const subject = toHeaderText(kind.subject);
  const { html, text } = renderParts(
    'two-factor-notice',
    {
      subject,
      preheader: kind.preheader,
      brand: tradeSignBrand(),
      words,
      intro,
      advice: kind.advice,
      facts: [
        { label: words.when, value: companyDateTime(input.at, input.timeZone, input.language) },
        { label: words.device, value: device === UNKNOWN_DEVICE ? words.unknownDevice : device },
        ...(input.ip ? [{ label: words.address, value: input.ip }] : []),
      ],
      settingsUrl: input.settingsUrl,
    },
    input.language,
  );
  return { subject, html, text };
}
