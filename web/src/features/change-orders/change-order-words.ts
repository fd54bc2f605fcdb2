import type { ContractStatus } from '@domain/contract-lifecycle';
import type { ChangeOrder, ChangeOrderInput } from '@domain/change-orders.schemas';
import { dollarsToCents, formatUsd } from '@domain/money';

/** Where a change order stands, in the contractor's words (issue 38). */
export function changeOrderStatusText(status: ContractStatus): string {
  switch (status) {
    case 'draft':
      return 'Draft';
    case 'sent':
      return 'Awaiting signature';
    case 'signed':
    case 'completed':
      return 'Signed';
    case 'declined':
      return 'Declined';
    case 'voided':
      return 'Withdrawn';
    case 'expired':
      return 'Expired';
  }
}

/** "+$1,200.00", "-$300.00", "$0.00": a G701 line's change. */
export function priceChangeText(cents: number): string {
  if (cents === 0) return formatUsd(0);
  return `${cents > 0 ? '+' : '-'}${formatUsd(Math.abs(cents))}`;
}

/** "+3 days", "-1 day"; null for no change in time. */
export function daysChangeText(days: number | null): string | null {
  if (days === null || days === 0) return null;
  return `${days > 0 ? '+' : '-'}${Math.abs(days)} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
}

/** A contract time reckoned as a net change in days: "No change", "+3 days". */
export function netDaysText(days: number): string {
  return daysChangeText(days) ?? 'No change';
}

/** What the short wizard holds while the contractor types: strings, as typed. */
export interface ChangeOrderForm {
  description: string;
  direction: 'more' | 'less';
  /** Dollars, as the wizard's price field keeps them (sanitizePriceInput). */
  amount: string;
  daysDirection: 'more' | 'fewer';
  /** Whole days, digits only; empty: no change in time. */
  days: string;
  payment: 'spread' | 'new_stage';
  stageLabel: string;
  stageTrigger: string;
}

export const emptyChangeOrderForm = (): ChangeOrderForm => ({
  description: '',
  direction: 'more',
  amount: '',
  daysDirection: 'more',
  days: '',
  payment: 'spread',
  stageLabel: '',
  stageTrigger: '',
});

/** The form of a saved draft, to edit it. */
export function formOfChangeOrder(order: ChangeOrder): ChangeOrderForm {
  const cents = Math.abs(order.price_change_cents);
  const days = order.days_change ?? 0;
  return {
    description: order.description,
    direction: order.price_change_cents < 0 ? 'less' : 'more',
    amount: cents === 0 ? '' : (cents / 100).toFixed(2),
    daysDirection: days < 0 ? 'fewer' : 'more',
    days: days === 0 ? '' : String(Math.abs(days)),
    payment: order.payment,
    stageLabel: order.new_stage?.label ?? '',
    stageTrigger: order.new_stage?.trigger ?? '',
  };
}

/**
 * What the API takes from the form. The server's schema judges it (its words are shown), so an
 * empty price here is simply no cents, and a new stage goes only with "As a new stage".
 */
export function inputOfForm(form: ChangeOrderForm): ChangeOrderInput {
  const cents = dollarsToCents(form.amount) ?? 0;
  const days = form.days === '' ? null : Number(form.days);
  return {
    description: form.description,
    price_change_cents: form.direction === 'less' ? -cents : cents,
    days_change: days === null || days === 0 ? null : form.daysDirection === 'fewer' ? -days : days,
    payment: form.payment,
    new_stage:
      form.payment === 'new_stage' ? { label: form.stageLabel, trigger: form.stageTrigger } : null,
  };
}

/** The cleaned scope as one description: the paragraph, then each work item on its own line. */
export function descriptionOfScope(scope: { paragraph: string; bullets: string[] }): string {
  const items = scope.bullets.map((bullet) => bullet.trim()).filter((bullet) => bullet !== '');
  return [scope.paragraph.trim(), ...items.map((item) => `- ${item}`)]
    .filter((line) => line !== '')
    .join('\n');
}
