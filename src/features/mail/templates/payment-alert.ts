import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { clientLabel, tradeSignBrand, type RenderedMail } from './types.js';

export interface PaymentAlertMailInput {
  /**
   * received: the money is in; failed: a bank payment did not go through; paid_twice: a stage
   * already paid was paid again, and that payment was not recorded (refund it in Stripe).
   */
  outcome: 'received' | 'failed' | 'paid_twice';
  clientName: string | null;
  contractId: number;
  stageLabel: string;
  amountCents: number;
  /** 'Card' or 'Bank account (ACH)'. */
  methodLabel: string;
  at: string;
  /** PUBLIC_URL + /contracts/<id> */
  contractUrl: string;
  /** PUBLIC_URL + /settings/payments, where the alert is turned off. */
  settingsUrl: string;
  timeZone?: string | null;
}

/** "Payment received: $1,650.00 from Dana for Contract #12" to the contractor (issue 36). */
export function renderPaymentAlertMail(input: PaymentAlertMailInput): RenderedMail {
  const client = clientLabel(input.clientName);
  const amount = formatUsd(input.amountCents);
  const contract = `Contract #${input.contractId}`;
  const subject = toHeaderText(
    {
      received: `Payment received: ${amount} from ${client} for ${contract}`,
      failed: `A bank payment of ${amount} from ${client} failed (${contract})`,
      paid_twice: `Paid twice: refund ${amount} to ${client} (${contract})`,
    }[input.outcome],
  );
  const at = companyDateTime(input.at, input.timeZone);
  const line = {
    received: `${client} paid ${amount} for ${input.stageLabel} of ${contract} on ${at} (${input.methodLabel}). A receipt went to them by email.`,
    failed: `${client}'s bank payment of ${amount} for ${input.stageLabel} of ${contract} failed on ${at}. The stage is unpaid again: you can request it again from the contract's page.`,
    paid_twice: `${client} paid ${amount} for ${input.stageLabel} of ${contract} on ${at}, but that stage was already paid, so this second payment was not recorded. Refund it in your Stripe dashboard: Payments, open the payment, then Refund.`,
  }[input.outcome];
  const { html, text } = renderParts('payment-alert', {
    subject,
    preheader: line,
    // The contractor's own alert: TradeSign speaks, and the contractor needs no contact lines.
    brand: tradeSignBrand(),
    line,
    contractId: input.contractId,
    contractUrl: input.contractUrl,
    settingsUrl: input.settingsUrl,
  });
  return { subject, html, text };
}
