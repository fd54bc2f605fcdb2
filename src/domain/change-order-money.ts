/**
 * The money of a change order (issue 38): the lines of AIA G701 (original contract sum, net change
 * by earlier change orders, sum before, this change, new sum), the contract time before and after,
 * and the payment stages before and after. Pure, shared by the wizard's preview and the server.
 *
 * Paid stages never change, and keep their place: a payment names its stage by position. The
 * change is spread over the unpaid stages in proportion to what each holds (largest remainder,
 * so the cents add up exactly), or added as a new last stage. The total never falls below what
 * was paid.
 */
import type { PaymentStage } from './payment-plan.js';
import { formatUsd } from './money.js';

export type ChangeOrderPayment =
  { kind: 'spread' } | { kind: 'new_stage'; label: string; trigger: string };

export interface ChangeOrderMoneyInput {
  /** The contract's sum when it was signed, before any change order. */
  originalSumCents: number;
  /** The net of the change orders signed before this one. */
  earlierChangesCents: number;
  /** The stages as they stand now (the contract's, after earlier change orders). */
  stagesBefore: readonly PaymentStage[];
  /** Positions of the stages a payment holds (paid, or a bank payment on its way). */
  heldStages: ReadonlySet<number>;
  /** What the client has paid, net of refunds. */
  paidCents: number;
  /** More (positive) or less (negative), in cents. */
  priceChangeCents: number;
  payment: ChangeOrderPayment;
  /** The net change in contract time of earlier change orders, in days. */
  earlierDays: number;
  /** This change in days; null: none. */
  daysChange: number | null;
}

export interface ChangeOrderMoney {
  original_sum_cents: number;
  earlier_changes_cents: number;
  sum_before_cents: number;
  price_change_cents: number;
  sum_after_cents: number;
  /** Net change in contract time, in days, before and after this change order. */
  days_before: number;
  days_after: number;
  stages_before: PaymentStage[];
  stages_after: PaymentStage[];
}

export type ChangeOrderMoneyResult =
  { ok: true; money: ChangeOrderMoney } | { ok: false; message: string };

export function changeOrderMoney(input: ChangeOrderMoneyInput): ChangeOrderMoneyResult {
  const sumBefore = input.originalSumCents + input.earlierChangesCents;
  const sumAfter = sumBefore + input.priceChangeCents;
  if (sumAfter < input.paidCents) {
    return {
      ok: false,
      message: `This change would bring the total to ${formatUsd(sumAfter)}, below the ${formatUsd(input.paidCents)} already paid`,
    };
  }
  const stagesAfter = stagesAfterChange(input);
  if (!stagesAfter.ok) return stagesAfter;
  const daysAfter = input.earlierDays + (input.daysChange ?? 0);
  return {
    ok: true,
    money: {
      original_sum_cents: input.originalSumCents,
      earlier_changes_cents: input.earlierChangesCents,
      sum_before_cents: sumBefore,
      price_change_cents: input.priceChangeCents,
      sum_after_cents: sumAfter,
      days_before: input.earlierDays,
      days_after: daysAfter,
      stages_before: input.stagesBefore.map((stage) => ({ ...stage })),
      stages_after: withPercents(stagesAfter.stages, sumAfter),
    },
  };
}

function stagesAfterChange(
  input: ChangeOrderMoneyInput,
): { ok: true; stages: PaymentStage[] } | { ok: false; message: string } {
  const stages = input.stagesBefore.map((stage) => ({ ...stage }));
  const change = input.priceChangeCents;
  if (change === 0) return { ok: true, stages };
  if (input.payment.kind === 'new_stage') {
    if (change < 0) {
      return {
        ok: false,
        message: 'A lower price is taken off the unpaid stages: choose "Spread over unpaid stages"',
      };
    }
    const { label, trigger } = input.payment;
    return { ok: true, stages: [...stages, { label, percent: 0, amount_cents: change, trigger }] };
  }
  const unpaid = stages
    .map((stage, index) => ({ index, amount: stage.amount_cents }))
    .filter(({ index }) => !input.heldStages.has(index));
  const unpaidTotal = unpaid.reduce((sum, stage) => sum + stage.amount, 0);
  if (unpaid.length === 0) {
    return {
      ok: false,
      message: 'Every stage is paid: add the change as a new stage',
    };
  }
  if (change < 0 && -change > unpaidTotal) {
    return {
      ok: false,
      message: `This change takes off more than the unpaid stages hold (${formatUsd(unpaidTotal)})`,
    };
  }
  // In proportion to what each unpaid stage holds; equally when they all hold nothing.
  const weights = unpaidTotal > 0 ? unpaid.map((stage) => stage.amount) : unpaid.map(() => 1);
  const shares = largestRemainder(Math.abs(change), weights);
  unpaid.forEach(({ index }, position) => {
    const stage = stages[index];
    const share = shares[position] ?? 0;
    if (stage) stage.amount_cents += Math.sign(change) * share;
  });
  return { ok: true, stages };
}

/**
 * Splits `total` (whole cents, at least 0) in proportion to `weights`: each part is rounded down,
 * then the cents left go one each to the largest remainders (the earlier stage on a tie), so the
 * parts add up to the total exactly. BigInt keeps large totals exact.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const big = weights.map((weight) => BigInt(total) * BigInt(weight));
  const parts = big.map((value) => Number(value / BigInt(sum)));
  const remainders = big.map((value, index) => ({ index, rest: value % BigInt(sum) }));
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Each stage's share of the new total, to two decimals, for the words; amounts are the truth. */
function withPercents(stages: PaymentStage[], totalCents: number): PaymentStage[] {
  return stages.map((stage) => ({
    ...stage,
    percent: totalCents > 0 ? Math.round((stage.amount_cents / totalCents) * 10_000) / 100 : 0,
  }));
}
