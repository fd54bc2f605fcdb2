import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS } from './money.js';
import {
  computeStageAmounts,
  DEFAULT_STAGES,
  equalSplit,
  isValidSplit,
  percentTotal,
  planMatchesTotal,
  splitIndicator,
  type StageInput,
} from './payment-plan.js';

const stagesOf = (...percents: number[]): StageInput[] =>
  percents.map((percent, index) => ({ label: `Stage ${index + 1}`, percent, trigger: '' }));

const amountsOf = (total: number, stages: readonly StageInput[]): number[] =>
  computeStageAmounts(total, stages).map((stage) => stage.amount_cents);

describe('equalSplit', () => {
  it('resets to the three default stages of 33/33/34, as a fresh copy', () => {
    const stages = equalSplit();
    stages[0]!.percent = 50;
    expect(equalSplit()).toEqual([
      { label: 'Stage 1', percent: 33, trigger: 'At signing' },
      { label: 'Stage 2', percent: 33, trigger: 'Mid-project' },
      { label: 'Stage 3', percent: 34, trigger: 'Substantial completion' },
    ]);
    expect(DEFAULT_STAGES[0]!.percent).toBe(33);
  });
});

describe('computeStageAmounts', () => {
  it.each([
    [500000, [165000, 165000, 170000]],
    [10000, [3300, 3300, 3400]],
    [1001, [330, 330, 341]],
    [1, [0, 0, 1]],
    [0, [0, 0, 0]],
    [MAX_PRICE_CENTS, [3_300_000_000, 3_300_000_000, 3_400_000_000]],
  ])('splits %s cents 33/33/34 as %j', (total, amounts) => {
    expect(amountsOf(total, DEFAULT_STAGES)).toEqual(amounts);
  });

  it('keeps the labels, percents and triggers', () => {
    expect(computeStageAmounts(10000, DEFAULT_STAGES)[2]).toEqual({
      label: 'Stage 3',
      percent: 34,
      amount_cents: 3400,
      trigger: 'Substantial completion',
    });
  });

  it.each([
    ['the last stage takes the remainder', 3, [50, 50], [2, 1]],
    ['the last stage takes the remainder', 2, [25, 25, 50], [1, 1, 0]],
    ['running totals when the last would go negative', 1, [50, 50, 0], [1, 0, 0]],
    ['running totals when the last would go negative', 3, [50, 50, 0], [2, 1, 0]],
    ['each rounded, unforced, off 100', 1001, [33, 33], [330, 330]],
    ['each rounded, unforced, off 100', 10000, [60, 60], [6000, 6000]],
    ['each rounded, unforced, off 100', 1, [50, 49], [1, 0]],
    ['percents held to 0-100', 10000, [150, -50], [10000, 0]],
    ['a missing percent as 0', 10000, [Number.NaN, 100], [0, 10000]],
    ['a negative total as 0', -500, [33, 33, 34], [0, 0, 0]],
    ['a missing total as 0', Number.NaN, [33, 33, 34], [0, 0, 0]],
    ['fractional cents as 0', 10.5, [33, 33, 34], [0, 0, 0]],
  ])('splits with %s: %s cents by %j is %j', (_, total, percents, amounts) => {
    expect(amountsOf(total, stagesOf(...percents))).toEqual(amounts);
  });

  it('has no amounts without stages', () => {
    expect(computeStageAmounts(10000, [])).toEqual([]);
  });
});

describe('percentTotal, isValidSplit and splitIndicator', () => {
  it('adds the percents without float drift', () => {
    expect(percentTotal(DEFAULT_STAGES)).toBe(100);
    expect(percentTotal(stagesOf(0.1, 0.2, 99.7))).toBe(100);
    expect(percentTotal(stagesOf(33.3, 33.3, 33.3))).toBe(99.9);
    expect(percentTotal([])).toBe(0);
  });

  it('accepts only splits of exactly 100 with every percent in 0-100', () => {
    expect(isValidSplit(DEFAULT_STAGES)).toBe(true);
    expect(isValidSplit(stagesOf(100))).toBe(true);
    expect(isValidSplit(stagesOf(100, 0))).toBe(true);
    expect(isValidSplit(stagesOf(33, 33, 33))).toBe(false);
    expect(isValidSplit(stagesOf(150, -50))).toBe(false);
    expect(isValidSplit(stagesOf(Number.NaN, 100))).toBe(false);
    expect(isValidSplit([])).toBe(false);
  });

  it.each([
    [[33, 33, 34], true, 'Total: 100% - Valid split'],
    [[99.5], false, 'Total: 99.5% - Must equal 100%'],
    [[33, 33, 33], false, 'Total: 99% - Must equal 100%'],
    [[60, 60], false, 'Total: 120% - Must equal 100%'],
    [[], false, 'Total: 0% - Must equal 100%'],
    [[33.33, 33.33, 33.33], false, 'Total: 99.99% - Must equal 100%'],
  ])('shows %j as valid=%s, %j', (percents, valid, text) => {
    const stages = stagesOf(...percents);
    expect(splitIndicator(stages)).toEqual({ total: percentTotal(stages), valid, text });
  });
});

describe('planMatchesTotal', () => {
  it('accepts the computed plan and refuses any other', () => {
    const plan = computeStageAmounts(500000, DEFAULT_STAGES);
    expect(planMatchesTotal(500000, plan)).toBe(true);
    expect(planMatchesTotal(500001, plan)).toBe(false);
    const moved = plan.map((stage, i) => ({
      ...stage,
      amount_cents: stage.amount_cents + [1, -1, 0][i]!,
    }));
    expect(planMatchesTotal(500000, moved)).toBe(false);
  });

  it('refuses invalid splits, totals and amounts', () => {
    expect(planMatchesTotal(1000, computeStageAmounts(1000, stagesOf(50, 49)))).toBe(false);
    expect(planMatchesTotal(1000, computeStageAmounts(1000, stagesOf(150, -50)))).toBe(false);
    expect(planMatchesTotal(1000, [])).toBe(false);
    expect(planMatchesTotal(-1, computeStageAmounts(-1, DEFAULT_STAGES))).toBe(false);
    expect(planMatchesTotal(10.5, computeStageAmounts(10, DEFAULT_STAGES))).toBe(false);
    const fractional = computeStageAmounts(1000, stagesOf(50, 50)).map((stage, i) => ({
      ...stage,
      amount_cents: stage.amount_cents + [0.5, -0.5][i]!,
    }));
    expect(planMatchesTotal(1000, fractional)).toBe(false);
  });
});

/** 1 to 12 whole percents in 0-100 totalling 100: the gaps between cut points on 0..100. */
const percentsTotalling100 = fc
  .array(fc.integer({ min: 0, max: 100 }), { maxLength: 11 })
  .map((cuts) => [0, ...cuts.sort((a, b) => a - b), 100])
  .map((points) => points.slice(1).map((point, index) => point - points[index]!));

/** Tiny totals too, where earlier stages rounding up could push the last below 0. */
const totals = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.integer({ min: 0, max: MAX_PRICE_CENTS }),
);

describe('payment plan properties', () => {
  it('splits any total into whole cents at least 0 that sum exactly to it', () => {
    fc.assert(
      fc.property(totals, percentsTotalling100, (total, percents) => {
        const plan = computeStageAmounts(total, stagesOf(...percents));
        const amounts = plan.map((stage) => stage.amount_cents);
        expect(amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0)).toBe(true);
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
        expect(isValidSplit(plan)).toBe(true);
        expect(planMatchesTotal(total, plan)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives Stage 1 and Stage 2 of the default split their own rounded share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: MAX_PRICE_CENTS }), (total) => {
        const amounts = amountsOf(total, DEFAULT_STAGES);
        const share = Math.round((total * 33) / 100);
        expect(amounts).toEqual([share, share, total - 2 * share]);
      }),
    );
  });
});

describe('collect_at_signing (issue 36)', () => {
  it('stays only on a first stage triggered at signing', () => {
    const stages = computeStageAmounts(100_000, [
      { label: 'Deposit', percent: 30, trigger: ' at SIGNING ', collect_at_signing: true },
      { label: 'Rest', percent: 70, trigger: 'At signing', collect_at_signing: true },
    ]);
    expect(stages).toEqual([
      {
        label: 'Deposit',
        percent: 30,
        amount_cents: 30_000,
        trigger: ' at SIGNING ',
        collect_at_signing: true,
      },
      { label: 'Rest', percent: 70, amount_cents: 70_000, trigger: 'At signing' },
    ]);
    const moved = computeStageAmounts(100_000, [
      { label: 'Deposit', percent: 100, trigger: 'Mid-project', collect_at_signing: true },
    ]);
    expect(moved).toEqual([
      { label: 'Deposit', percent: 100, amount_cents: 100_000, trigger: 'Mid-project' },
    ]);
  });
});
