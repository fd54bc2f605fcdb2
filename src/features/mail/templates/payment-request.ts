import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import type { OnlinePaymentMethod } from '../../../domain/payments.js';
import { toHeaderText } from '../mail-header.js';
import { companyDate, renderParts } from './render.js';
import { brandView, greeting, type MailCompany, type RenderedMail } from './types.js';

export interface PaymentRequestMailInput {
  company: MailCompany;
  clientName: string | null;
  contractId: number;
  /** The stage as the plan names it ("Balance"). */
  stageLabel: string;
  amountCents: number;
  /** What the company's Checkout offers. */
  methods: readonly OnlinePaymentMethod[];
  /** The absolute payment URL (PUBLIC_URL + /pay/<token>). */
  link: string;
  /** ISO time the link stops working. */
  expiresAt: string;
  language?: Language;
}

/**
 * The mail that asks the client to pay a later stage (issue 36), in their language, from the
 * contractor (as every client mail: the company's name, logo and contacts).
 */
export function renderPaymentRequestMail(input: PaymentRequestMailInput): RenderedMail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const { payments, paymentRequest } = messagesFor(language);
  const words = paymentRequest.mail;
  const brand = brandView(input.company, language);
  const amount = formatUsd(input.amountCents);
  const subject = toHeaderText(words.subject(amount, input.contractId));
  const [before, name, after] = words.intro(brand.company);
  const { html, text } = renderParts(
    'payment-request',
    {
      subject,
      preheader: words.preheader(amount, brand.company),
      brand,
      greeting: greeting(input.clientName, language),
      intro: { before, name, after },
      summary: [
        { label: payments.receipt.amount, value: amount },
        {
          label: payments.receipt.stage,
          value: payments.stageDue(input.stageLabel, input.contractId),
        },
        {
          label: words.ways,
          value: input.methods.map((method) => payments.methods[method]).join(', '),
        },
      ],
      button: payments.payStage(amount),
      linkLine: words.linkLine,
      link: input.link,
      expires: words.expires(companyDate(input.expiresAt, input.company.timeZone, language)),
      secure: paymentRequest.page.secure,
    },
    language,
  );
  return { subject, html, text };
}
