/**
 * Staged payment plans (docs/decisions/008): the stages' amounts
 * come from the total and the percentages, in integer cents, and sum exactly to the total.
 * Shared by the browser wizard and the server.
 */
import { isAtSigningTrigger } from './payments.js';

export interface PaymentStage {
  label: string;
  percent: number;
  amount_cents: number;
  trigger: string;
  /**
   * The first stage only: collected online through the company's Stripe when the client signs
   * (issue 36). Absent rather than false, so plans from before keep their exact JSON.
   */
  collect_at_signing?: boolean;
}

/** A stage as the wizard edits it; the amount is always computed. */
export type StageInput = Omit<PaymentStage, 'amount_cents'>;

/** The Equal Split. */
export const DEFAULT_STAGES: readonly Readonly<StageInput>[] = Object.freeze([
  Object.freeze({ label: 'Stage 1', percent: 33, trigger: 'At signing' }),
  Object.freeze({ label: 'Stage 2', percent: 33, trigger: 'Mid-project' }),
  Object.freeze({ label: 'Stage 3', percent: 34, trigger: 'Substantial completion' }),
]);

/** Equal Split resets to the three default stages; a fresh copy the wizard may edit. */
export function equalSplit(): StageInput[] {
  return DEFAULT_STAGES.map((stage) => ({ ...stage }));
}

/**
 * A percent in hundredths of a percent, the precision of the indicator: the UI
 * uses whole percents, and counting in integers keeps 33 + 33 + 34 exactly 100. Missing or
 * non-finite percents count as 0.
 */
function hundredths(percent: number): number {
  return Number.isFinite(percent) ? Math.round(percent * 100) : 0;
}

/** round(total × share / 10,000) half up, in BigInt so large totals stay exact. */
function shareOf(totalCents: number, shareHundredths: number): number {
  const product = BigInt(totalCents) * BigInt(shareHundredths);
  return Number((product + 5_000n) / 10_000n);
}

/** The stages' percentages added up, to two decimals (33 + 33 + 34 is exactly 100). */
export function percentTotal(stages: readonly Pick<StageInput, 'percent'>[]): number {
  return stages.reduce((sum, stage) => sum + hundredths(stage.percent), 0) / 100;
}

/**
 * The amount of each stage, in whole cents (docs/decisions/008).
 *
 * When the percentages total 100, each stage is round(total × percent / 100) and the last stage
 * takes the remainder, so the amounts sum exactly to the total. If rounding the earlier stages up
 * would leave the last one negative (a 0% last stage on a tiny total), every stage is instead
 * the difference of the rounded running totals, which never goes down and ends at the total.
 *
 * When they do not total 100 the split is invalid (the wizard says so and refuses Next); each
 * stage is then round(total × percent / 100) and nothing forces the sum.
 *
 * Never negative: a total that is not a whole number of cents at least 0 counts as 0, and
 * percentages are held to 0-100 and taken to two decimals. Rounding is half away from zero.
 */
export function computeStageAmounts(
  totalCents: number,
  stages: readonly StageInput[],
): PaymentStage[] {
  const total = Number.isSafeInteger(totalCents) && totalCents > 0 ? totalCents : 0;
  const shares = stages.map((stage) => Math.min(10_000, Math.max(0, hundredths(stage.percent))));
  const amounts = shares.map((share) => shareOf(total, share));
  if (shares.reduce((sum, share) => sum + share, 0) === 10_000 && amounts.length > 0) {
    const beforeLast = amounts.slice(0, -1).reduce((sum, amount) => sum + amount, 0);
    if (beforeLast <= total) {
      amounts[amounts.length - 1] = total - beforeLast;
    } else {
      let running = 0;
      shares.forEach((share, index) => {
        const previous = shareOf(total, running);
        running += share;
        amounts[index] = shareOf(total, running) - previous;
      });
    }
  }
  return stages.map((stage, index) => ({
    label: stage.label,
    percent: stage.percent,
    amount_cents: amounts[index] ?? 0,
    trigger: stage.trigger,
    ...(index === 0 && stage.collect_at_signing === true && isAtSigningTrigger(stage.trigger)
      ? { collect_at_signing: true }
      : {}),
  }));
}

/** Built on first use: an Intl formatter costs a slow phone ~12 ms, and most pages never need it. */
let percentFormat: Intl.NumberFormat | undefined;

function isPercent(percent: number): boolean {
  return Number.isFinite(percent) && percent >= 0 && percent <= 100;
}

/** What the wizard's Next needs on step 3: every percent 0-100, exactly 100 in all. */
export function isValidSplit(stages: readonly Pick<StageInput, 'percent'>[]): boolean {
  return stages.every((stage) => isPercent(stage.percent)) && percentTotal(stages) === 100;
}

/**
 * The total indicator under the stages, which tolerates 0.01:
 * 'Total: 100% - Valid split' or 'Total: 99.5% - Must equal 100%'.
 */
export function splitIndicator(stages: readonly Pick<StageInput, 'percent'>[]): {
  total: number;
  valid: boolean;
  text: string;
} {
  const total = percentTotal(stages);
  const valid = Math.abs(total - 100) < 0.01;
  percentFormat ??= new Intl.NumberFormat('en-US', {
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const shown = percentFormat.format(total);
  return { total, valid, text: `Total: ${shown}% - ${valid ? 'Valid split' : 'Must equal 100%'}` };
}

/**
 * Whether a plan may be sent with this total: a valid split whose amounts are exactly what
 * computeStageAmounts gives, so they are whole cents, at least 0, and sum to the total.
 */
export function planMatchesTotal(totalCents: number, plan: readonly PaymentStage[]): boolean {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0 || !isValidSplit(plan)) return false;
  const expected = computeStageAmounts(totalCents, plan);
  const sum = plan.reduce((acc, stage) => acc + stage.amount_cents, 0);
  return (
    sum === totalCents &&
    plan.every((stage, index) => stage.amount_cents === expected[index]?.amount_cents)
  );
}
