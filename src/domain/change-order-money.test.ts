import { describe, expect, it } from 'vitest';
import {
  changeOrderMoney,
  largestRemainder,
  type ChangeOrderMoneyInput,
} from './change-order-money.js';

/** A $10,000 contract: a paid $3,300 deposit, then $3,300 and $3,400 to come. */
const STAGES = [
  { label: 'Deposit', percent: 33, amount_cents: 330_000, trigger: 'At signing' },
  { label: 'Framing', percent: 33, amount_cents: 330_000, trigger: 'Mid-project' },
  { label: 'Final', percent: 34, amount_cents: 340_000, trigger: 'Substantial completion' },
];

const input = (facts: Partial<ChangeOrderMoneyInput>): ChangeOrderMoneyInput => ({
  originalSumCents: 1_000_000,
  earlierChangesCents: 0,
  stagesBefore: STAGES,
  heldStages: new Set([0]),
  paidCents: 330_000,
  priceChangeCents: 120_000,
  payment: { kind: 'spread' },
  earlierDays: 0,
  daysChange: null,
  ...facts,
});

function money(facts: Partial<ChangeOrderMoneyInput>) {
  const result = changeOrderMoney(input(facts));
  if (!result.ok) throw new Error(result.message);
  return result.money;
}

describe('the money of a change order', () => {
  it('spreads $1,200 over the two unpaid stages in proportion, leaving the paid deposit as it was', () => {
    const result = money({});
    expect(result).toMatchObject({
      original_sum_cents: 1_000_000,
      earlier_changes_cents: 0,
      sum_before_cents: 1_000_000,
      price_change_cents: 120_000,
      sum_after_cents: 1_120_000,
    });
    expect(result.stages_after.map((stage) => stage.amount_cents)).toEqual([
      330_000, 389_104, 400_896,
    ]);
    const sum = result.stages_after.reduce((acc, stage) => acc + stage.amount_cents, 0);
    expect(sum).toBe(1_120_000);
    expect(result.stages_before).toEqual(STAGES);
  });

  it('counts earlier change orders in the sum before, and the days before and after', () => {
    const result = money({ earlierChangesCents: 50_000, earlierDays: 3, daysChange: 5 });
    expect(result.sum_before_cents).toBe(1_050_000);
    expect(result.sum_after_cents).toBe(1_170_000);
    expect([result.days_before, result.days_after]).toEqual([3, 8]);
  });

  it('takes a lower price off the unpaid stages, never below zero', () => {
    const result = money({ priceChangeCents: -670_000 });
    expect(result.stages_after.map((stage) => stage.amount_cents)).toEqual([330_000, 0, 0]);
    expect(result.sum_after_cents).toBe(330_000);
  });

  it('refuses a total below what was paid, saying both amounts', () => {
    const result = changeOrderMoney(input({ priceChangeCents: -700_000 }));
    expect(result).toEqual({
      ok: false,
      message: 'This change would bring the total to $3,000.00, below the $3,300.00 already paid',
    });
  });

  it('adds a new last stage with the change, or refuses a lower price as one', () => {
    const result = money({
      payment: { kind: 'new_stage', label: 'Extra rot repair', trigger: 'On completion' },
    });
    expect(result.stages_after.at(-1)).toMatchObject({
      label: 'Extra rot repair',
      amount_cents: 120_000,
      trigger: 'On completion',
    });
    expect(result.stages_after.slice(0, 3).map((stage) => stage.amount_cents)).toEqual([
      330_000, 330_000, 340_000,
    ]);
    const lower = changeOrderMoney(
      input({ priceChangeCents: -1_000, payment: { kind: 'new_stage', label: 'x', trigger: 'y' } }),
    );
    expect(lower.ok).toBe(false);
  });

  it('asks for a new stage when every stage is paid', () => {
    const result = changeOrderMoney(
      input({ heldStages: new Set([0, 1, 2]), paidCents: 1_000_000 }),
    );
    expect(result).toEqual({
      ok: false,
      message: 'Every stage is paid: add the change as a new stage',
    });
  });

  it('gives each stage its share of the new total in percent, to two decimals', () => {
    const result = money({});
    expect(result.stages_after.map((stage) => stage.percent)).toEqual([29.46, 34.74, 35.79]);
  });
});

describe('splitting cents in proportion', () => {
  it('adds up exactly, the extra cents going to the largest remainders', () => {
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainder(10, [0, 0])).toEqual([0, 0]);
    expect(largestRemainder(0, [5, 5])).toEqual([0, 0]);
    const parts = largestRemainder(9_999_999_999, [3, 7, 11]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
  });
});
