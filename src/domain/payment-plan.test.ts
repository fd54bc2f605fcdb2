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
  it('resets to the three default stages of 33/33/34', () => {
    expect(equalSplit()).toEqual([
      { label: 'Stage 1', percent: 33, trigger: 'At signing' },
      { label: 'Stage 2', percent: 33, trigger: 'Mid-project' },
      { label: 'Stage 3', percent: 34, trigger: 'Substantial completion' },
    ]);
  });

  it('gives a fresh copy, so editing it leaves the defaults alone', () => {
    const stages = equalSplit();
    stages[0]!.percent = 50;
    expect(DEFAULT_STAGES[0]!.percent).toBe(33);
    expect(equalSplit()[0]!.percent).toBe(33);
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

  it('gives the last stage the rounding remainder', () => {
    expect(amountsOf(100, stagesOf(50, 50))).toEqual([50, 50]);
    expect(amountsOf(3, stagesOf(50, 50))).toEqual([2, 1]);
    expect(amountsOf(2, stagesOf(25, 25, 50))).toEqual([1, 1, 0]);
  });

  it('never leaves the last stage negative when earlier stages round up', () => {
    expect(amountsOf(1, stagesOf(50, 50, 0))).toEqual([1, 0, 0]);
    expect(amountsOf(3, stagesOf(50, 50, 0))).toEqual([2, 1, 0]);
  });

  it('rounds each stage on its own when the percents do not total 100', () => {
    expect(amountsOf(1001, stagesOf(33, 33))).toEqual([330, 330]);
    expect(amountsOf(10000, stagesOf(60, 60))).toEqual([6000, 6000]);
    expect(amountsOf(1, stagesOf(50, 49))).toEqual([1, 0]);
  });

  it('holds percents to 0-100 and never goes negative', () => {
    expect(amountsOf(10000, stagesOf(150, -50))).toEqual([10000, 0]);
    expect(amountsOf(10000, stagesOf(Number.NaN, 100))).toEqual([0, 10000]);
  });

  it('counts a total that is not whole cents at least 0 as 0', () => {
    expect(amountsOf(-500, DEFAULT_STAGES)).toEqual([0, 0, 0]);
    expect(amountsOf(Number.NaN, DEFAULT_STAGES)).toEqual([0, 0, 0]);
    expect(amountsOf(10.5, DEFAULT_STAGES)).toEqual([0, 0, 0]);
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
    expect(splitIndicator(stagesOf(...percents))).toEqual({
      total: percentTotal(stagesOf(...percents)),
      valid,
      text,
    });
  });
});

describe('planMatchesTotal', () => {
  it('accepts the computed plan and refuses any other', () => {
    const plan = computeStageAmounts(500000, DEFAULT_STAGES);
    expect(planMatchesTotal(500000, plan)).toBe(true);
    expect(planMatchesTotal(500001, plan)).toBe(false);
    const moved = plan.map((stage, index) => ({
      ...stage,
      amount_cents: stage.amount_cents + (index === 0 ? 1 : index === 1 ? -1 : 0),
    }));
    expect(planMatchesTotal(500000, moved)).toBe(false);
  });

  it('refuses invalid splits, totals and amounts', () => {
    expect(planMatchesTotal(1000, computeStageAmounts(1000, stagesOf(50, 49)))).toBe(false);
    expect(planMatchesTotal(1000, computeStageAmounts(1000, stagesOf(150, -50)))).toBe(false);
    expect(planMatchesTotal(1000, [])).toBe(false);
    expect(planMatchesTotal(-1, computeStageAmounts(-1, DEFAULT_STAGES))).toBe(false);
    expect(planMatchesTotal(10.5, computeStageAmounts(10, DEFAULT_STAGES))).toBe(false);
    const fractional = computeStageAmounts(1000, stagesOf(50, 50)).map((stage) => ({
      ...stage,
      amount_cents: stage.amount_cents + (stage.label === 'Stage 1' ? 0.5 : -0.5),
    }));
    expect(planMatchesTotal(1000, fractional)).toBe(false);
  });
});

/** 1 to 12 whole percents in 0-100 that total exactly 100: cut points on 0..100. */
const percentsTotalling100 = fc
  .uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 11 })
  .chain((cuts) =>
    fc
      .constant([0, ...cuts.sort((a, b) => a - b), 100])
      .map((points) => points.slice(1).map((point, index) => point - points[index]!)),
  )
  .chain((percents) =>
    fc.shuffledSubarray(percents, { minLength: percents.length }).chain((shuffled) =>
      // Some 0% stages too, anywhere, while staying within 12 stages.
      fc
        .array(fc.nat({ max: shuffled.length }), { maxLength: 12 - shuffled.length })
        .map((zeros) => zeros.reduce((acc, at) => acc.toSpliced(at, 0, 0), shuffled)),
    ),
  );

describe('payment plan properties', () => {
  it('splits any total into whole cents at least 0 that sum exactly to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PRICE_CENTS }),
        percentsTotalling100,
        (total, percents) => {
          expect(percents.length).toBeGreaterThanOrEqual(1);
          expect(percents.length).toBeLessThanOrEqual(12);
          const plan = computeStageAmounts(total, stagesOf(...percents));
          const amounts = plan.map((stage) => stage.amount_cents);
          for (const amount of amounts) {
            expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          }
          expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
          expect(isValidSplit(plan)).toBe(true);
          expect(planMatchesTotal(total, plan)).toBe(true);
        },
      ),
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
