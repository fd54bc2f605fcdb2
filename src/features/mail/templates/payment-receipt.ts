import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import type { PaymentMethod } from '../../../domain/payments.js';
import { toHeaderText } from '../mail-header.js';
import { companyDate, renderParts } from './render.js';
import { brandView, greeting, type MailCompany, type RenderedMail } from './types.js';

export interface PaymentReceiptMailInput {
  company: MailCompany;
  clientName: string | null;
  contractId: number;
  /** The stage as the plan names it ("Stage 1"). */
  stageLabel: string;
  amountCents: number;
  method: PaymentMethod;
  /** ISO time it was paid (a recorded payment: the day the contractor gave). */
  paidAt: string;
  /** The payment's number: the receipt's own record. */
  receiptNumber: number;
  language?: Language;
}

/** The client's receipt for one payment (issue 36), in their language, from the contractor. */
export function renderPaymentReceiptMail(input: PaymentReceiptMailInput): RenderedMail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).payments;
  const brand = brandView(input.company, language);
  const amount = formatUsd(input.amountCents);
  const subject = toHeaderText(words.receipt.subject(amount, input.contractId));
  const { html, text } = renderParts(
    'payment-receipt',
    {
      subject,
      preheader: words.receipt.preheader(amount, brand.company),
      brand,
      greeting: greeting(input.clientName, language),
      thanks: words.receipt.thanks(amount, brand.company),
      rows: [
        [words.receipt.amount, amount],
        [words.receipt.stage, words.stageDue(input.stageLabel, input.contractId)],
        [words.receipt.method, words.methods[input.method]],
        [words.receipt.date, companyDate(input.paidAt, input.company.timeZone, language)],
        [words.receipt.receiptNumber, `${input.contractId}-${input.receiptNumber}`],
      ],
      keep: words.receipt.keep,
    },
    language,
  );
  return { subject, html, text };
}
