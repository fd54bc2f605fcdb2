import type { AroundName } from './mail.js';

/**
 * What the homeowner reads when the contractor asks for a later stage (issue 36): the mail with
 * the link to pay, and the page that link opens. The words both share with the deposit (the
 * amount, the stage, "Pay $X", paid or processing) are the `payments` catalogue's.
 */
export const paymentRequest = {
  mail: {
    subject: (amount: string, contractId: number) =>
      `Payment request: ${amount} for Contract #${contractId}`,
    preheader: (amount: string, company: string | null) =>
      `${company ?? 'Your contractor'} asks you to pay ${amount}. You can pay online in a minute.`,
    intro: (company: string | null): AroundName => [
      '',
      company ?? 'Your contractor',
      ' asks you to pay the next stage of your contract.',
    ],
    /** The text part's line above the link. */
    linkLine: 'Pay online here:',
    ways: 'Ways to pay',
    expires: (date: string) => `This link works until ${date}.`,
  },
  page: {
    title: (company: string) => `Pay ${company}`,
    heading: 'Payment request',
    secure:
      'You pay on Stripe’s secure payment page. Your card or bank details never reach your contractor or TradeSign.',
    unavailableTitle: 'Could not load this payment',
    unavailable: 'We could not load this payment right now. Please try again in a minute.',
    busy: 'Too many tries from this connection. Please wait a minute and try again.',
    invalidTitle: 'Link no longer valid',
    backToPay: 'Back to the payment',
  },
};
