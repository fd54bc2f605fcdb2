import { formatUsd } from '../../../domain/money.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { clientLabel, tradeSignBrand, type RenderedMail } from './types.js';

export interface PaymentAlertMailInput {
  /** received: the money is in; failed: a bank payment did not go through. */
  outcome: 'received' | 'failed';
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
  const subject = toHeaderText(
    input.outcome === 'received'
      ? `Payment received: ${amount} from ${client} for Contract #${input.contractId}`
      : `A bank payment of ${amount} from ${client} failed (Contract #${input.contractId})`,
  );
  const at = companyDateTime(input.at, input.timeZone);
  const line =
    input.outcome === 'received'
      ? `${client} paid ${amount} for ${input.stageLabel} of Contract #${input.contractId} on ${at} (${input.methodLabel}). A receipt went to them by email.`
      : `${client}'s bank payment of ${amount} for ${input.stageLabel} of Contract #${input.contractId} failed on ${at}. The stage is unpaid again: you can request it again from the contract's page.`;
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
