import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import { renderParts } from './render.js';
import { brandView, greeting, type MailCompany, type RenderedMail } from './types.js';

export interface PaymentCorrectionMailInput {
  company: MailCompany;
  clientName: string | null;
  contractId: number;
  stageLabel: string;
  amountCents: number;
  /** The payment's number, as its receipt printed it. */
  receiptNumber: number;
  language?: Language;
}

/**
 * The client is told that a payment the contractor recorded by hand, and receipted, was taken
 * back (issue 36): their receipt no longer stands.
 */
export function renderPaymentCorrectionMail(input: PaymentCorrectionMailInput): RenderedMail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).payments;
  const brand = brandView(input.company, language);
  const amount = formatUsd(input.amountCents);
  const subject = toHeaderText(words.correction.subject(amount, input.contractId));
  const { html, text } = renderParts(
    'payment-correction',
    {
      subject,
      preheader: words.correction.preheader(brand.company),
      brand,
      greeting: greeting(input.clientName, language),
      body: words.correction.body(
        brand.company,
        amount,
        words.stageDue(input.stageLabel, input.contractId),
        `${input.contractId}-${input.receiptNumber}`,
      ),
      ifPaid: words.correction.ifPaid,
    },
    language,
  );
  return { subject, html, text };
}
