import { formatUsd } from '@domain/money';
import type { PaymentMethod, StagePaymentStatus } from '@domain/payments';
import type { StagePayment } from '@domain/stage-payments.schemas';

/**
 * How the contract page and the card say what is paid (issue 36), in the contractor's words. The
 * dates come in formatted, so the words can be tested on any clock.
 */

/** How a stage was paid, inside "Paid (Dec 1, 2026, card)". */
export const METHOD_WORDS: Record<PaymentMethod, string> = {
  card: 'card',
  us_bank_account: 'bank',
  cash: 'cash',
  check: 'check',
  other: 'other',
};

/** The badge's colour for each stage status. */
export const STAGE_STATUS_COLOR: Record<StagePaymentStatus, string> = {
  unpaid: 'gray',
  requested: 'yellow',
  processing: 'blue',
  paid: 'green',
  refunded: 'red',
  partly_refunded: 'orange',
};

/** "Unpaid", "Requested (Dec 1, 2026)", "Paid (Dec 1, 2026, cash)", "Partly refunded ($500.00)". */
export function stageStatusText(stage: StagePayment, date: (iso: string) => string): string {
  switch (stage.status) {
    case 'unpaid':
      return 'Unpaid';
    case 'requested':
      return stage.requested_at ? `Requested (${date(stage.requested_at)})` : 'Requested';
    case 'processing':
      return 'Processing';
    case 'paid': {
      const how = stage.method ? METHOD_WORDS[stage.method] : null;
      const facts = [stage.paid_at ? date(stage.paid_at) : null, how].filter(Boolean);
      return facts.length > 0 ? `Paid (${facts.join(', ')})` : 'Paid';
    }
    case 'refunded':
      return 'Refunded';
    case 'partly_refunded':
      return `Partly refunded (${formatUsd(stage.refunded_cents)})`;
  }
}

/** `$1,650` for whole dollars, `$1,650.50` otherwise: a card's short line. */
export function shortUsd(cents: number): string {
  const text = formatUsd(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** "Paid $1,650 of $5,000" on a card once anything is paid; null before. */
export function paidOfText(paidCents: number, totalCents: number | null): string | null {
  if (paidCents <= 0) return null;
  return totalCents === null
    ? `Paid ${shortUsd(paidCents)}`
    : `Paid ${shortUsd(paidCents)} of ${shortUsd(totalCents)}`;
}

/** The stages a payment can still be asked for or recorded on: nothing holds them. */
export function isOpenStage(stage: StagePayment): boolean {
  return stage.status === 'unpaid' || stage.status === 'requested' || stage.status === 'refunded';
}
