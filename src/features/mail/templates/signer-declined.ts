import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { toHeaderText } from '../mail-header.js';
import { companyDate, reasonLines, renderParts } from './render.js';
import {
  brandView,
  greeting,
  type MailClient,
  type MailCompany,
  type RenderedMail,
} from './types.js';

export interface SignerDeclinedMailInput {
  company: MailCompany;
  /** The signer told: another client who signs the same contract. */
  client: MailClient;
  /** Who declined. */
  declinedBy: string;
  contractId: number;
  /** Their reason, line breaks and all. */
  reason: string;
  declinedAt: string;
  /** The signer told had already signed: their signature binds no one now. */
  hadSigned: boolean;
  language: Language;
}

/**
 * Tells every other signer, in their language, that one of them declined (issue 37): the
 * contract is closed for all, whoever had signed it already.
 */
export function renderSignerDeclinedMail(input: SignerDeclinedMailInput): RenderedMail {
  const { language, contractId } = input;
  const words = messagesFor(language).mail.signerDeclined;
  const brand = brandView(input.company, language);
  const subject = toHeaderText(words.subject(input.declinedBy, contractId));
  const [before, name, after] = words.declined(
    input.declinedBy,
    contractId,
    companyDate(input.declinedAt, input.company.timeZone, language),
  );
  const { html, text } = renderParts(
    'signer-declined',
    {
      subject,
      preheader: words.preheader(contractId),
      brand,
      greeting: greeting(input.client.name, language),
      declined: { before, name, after },
      hadSigned: input.hadSigned,
      reasonLines: reasonLines(input.reason),
    },
    language,
  );
  return { subject, html, text };
}
