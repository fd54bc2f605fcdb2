import { describe, expect, it } from 'vitest';
import type { StagePayment } from '@domain/stage-payments.schemas';
import { isOpenStage, paidOfText, shortUsd, stageStatusText } from './stage-words';

const stage = (fields: Partial<StagePayment>): StagePayment => ({
  label: 'Balance',
  amount_cents: 250_000,
  status: 'unpaid',
  paid_at: null,
  method: null,
  requested_at: null,
  refunded_cents: 0,
  can_undo_until: null,
  ...fields,
});

/** The date as the page prints it, fixed here so the words are tested on any clock. */
const day = (iso: string) => `day ${iso.slice(0, 10)}`;

describe("a stage's status in words", () => {
  it('names each status with its facts', () => {
    expect(stageStatusText(stage({}), day)).toBe('Unpaid');
    expect(
      stageStatusText(stage({ status: 'requested', requested_at: '2026-12-01T15:00:00Z' }), day),
    ).toBe('Requested (day 2026-12-01)');
    expect(stageStatusText(stage({ status: 'processing', method: 'us_bank_account' }), day)).toBe(
      'Processing',
    );
    expect(
      stageStatusText(
        stage({ status: 'paid', paid_at: '2026-12-02T12:00:00.000Z', method: 'cash' }),
        day,
      ),
    ).toBe('Paid (day 2026-12-02, cash)');
    expect(
      stageStatusText(
        stage({ status: 'paid', paid_at: '2026-12-03T10:00:00Z', method: 'us_bank_account' }),
        day,
      ),
    ).toBe('Paid (day 2026-12-03, bank)');
    expect(stageStatusText(stage({ status: 'refunded', refunded_cents: 250_000 }), day)).toBe(
      'Refunded',
    );
    expect(stageStatusText(stage({ status: 'partly_refunded', refunded_cents: 50_000 }), day)).toBe(
      'Partly refunded ($500.00)',
    );
  });

  it('offers Request and Record only while nothing holds the stage', () => {
    expect(
      (['unpaid', 'requested', 'processing', 'paid', 'refunded', 'partly_refunded'] as const).map(
        (status) => isOpenStage(stage({ status })),
      ),
    ).toEqual([true, true, false, false, true, false]);
  });
});

describe("the card's paid line", () => {
  it('says what is paid of the total in short dollars, once anything is', () => {
    expect(paidOfText(0, 500_000)).toBeNull();
    expect(paidOfText(165_000, 500_000)).toBe('Paid $1,650 of $5,000');
    expect(paidOfText(165_050, 500_000)).toBe('Paid $1,650.50 of $5,000');
    expect(paidOfText(100, null)).toBe('Paid $1');
    expect(shortUsd(123_456_700)).toBe('$1,234,567');
  });
});
