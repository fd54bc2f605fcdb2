import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { ChangeOrderRef } from '../../../domain/i18n/en/mail.js';
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
  /** A change order declined (issue 38): named with its contract's number; null for a contract. */
  changeOrder?: ChangeOrderRef | null;
}

/**
 * Tells every other signer, in their language, that one of them declined (issue 37): the
 * contract is closed for all, whoever had signed it already.
 */
export function renderSignerDeclinedMail(input: SignerDeclinedMailInput): RenderedMail {
  const { language, contractId } = input;
  const words = messagesFor(language).mail.signerDeclined;
  const brand = brandView(input.company, language);
  const change = input.changeOrder ?? null;
  const declinedOn = companyDate(input.declinedAt, input.company.timeZone, language);
  const subject = toHeaderText(
    change
      ? words.changeOrder.subject(input.declinedBy, change)
      : words.subject(input.declinedBy, contractId),
  );
  const [before, name, after] = change
    ? words.changeOrder.declined(input.declinedBy, change, declinedOn)
    : words.declined(input.declinedBy, contractId, declinedOn);
  const { html, text } = renderParts(
    'signer-declined',
    {
      subject,
      preheader: change ? words.changeOrder.preheader(change) : words.preheader(contractId),
      brand,
      greeting: greeting(input.client.name, language),
      declined: { before, name, after },
      hadSigned: input.hadSigned,
      youSigned: change ? words.changeOrder.youSigned : words.youSigned,
      questions: change ? words.changeOrder.questions : words.questions,
      reasonLines: reasonLines(input.reason),
    },
    language,
  );
  return { subject, html, text };
}
