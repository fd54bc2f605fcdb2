import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { ChangeOrderRef } from '../../../domain/i18n/en/mail.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { toHeaderText } from '../mail-header.js';
import { companyDate, reasonLines, renderParts } from './render.js';
import {
  brandView,
  greeting,
  type MailClient,
  type MailCompany,
  type RenderedMail,
} from './types.js';

export interface WithdrawnNoticeMailInput {
  company: MailCompany;
  client: MailClient;
  contractId: number;
  /** What the contractor wrote (3 to 500 characters), line breaks and all. */
  reason: string;
  /** ISO time of the withdrawal. */
  withdrawnAt: string;
  /** The contract's language (docs/decisions/029); English when left out. */
  language?: Language;
  /** A change order withdrawn (issue 38): named with its contract's number; null for a contract. */
  changeOrder?: ChangeOrderRef | null;
}

/** Tells the client, in the contract's language, that the contract they were asked to sign is withdrawn, and why. */
export function renderWithdrawnNoticeMail(input: WithdrawnNoticeMailInput): RenderedMail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).mail.withdrawnNotice;
  const brand = brandView(input.company, language);
  const { contractId } = input;
  const change = input.changeOrder ?? null;
  const withdrawnOn = companyDate(input.withdrawnAt, input.company.timeZone, language);
  const subject = toHeaderText(
    change
      ? words.changeOrder.subject(brand.company, change)
      : words.subject(brand.company, contractId),
  );
  const [before, name, after] = change
    ? words.changeOrder.withdrawn(brand.company, change, withdrawnOn)
    : words.withdrawn(brand.company, contractId, withdrawnOn);
  const { html, text } = renderParts(
    'withdrawn-notice',
    {
      subject,
      preheader: change ? words.changeOrder.preheader(change) : words.preheader(contractId),
      brand,
      greeting: greeting(input.client.name, language),
      withdrawn: { before, name, after },
      // The app's own reason (a revision replaced it) in the client's words.
      reasonLines: reasonLines(messagesFor(language).events.reason(input.reason)),
    },
    language,
  );
  return { subject, html, text };
}
