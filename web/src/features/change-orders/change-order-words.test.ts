import { describe, expect, it } from 'vitest';
import {
  changeOrderStatusText,
  daysChangeText,
  descriptionOfScope,
  emptyChangeOrderForm,
  inputOfForm,
  priceChangeText,
} from './change-order-words';

describe('a change order in the contractor words', () => {
  it('says where it stands, its change in price and in time', () => {
    expect(changeOrderStatusText('sent')).toBe('Awaiting signature');
    expect(changeOrderStatusText('voided')).toBe('Withdrawn');
    expect(priceChangeText(120_000)).toBe('+$1,200.00');
    expect(priceChangeText(-30_050)).toBe('-$300.50');
    expect(daysChangeText(3)).toBe('+3 days');
    expect(daysChangeText(-1)).toBe('-1 day');
    expect(daysChangeText(null)).toBeNull();
  });

  it('turns what was typed into the API fields: less is negative, fewer days too', () => {
    const form = {
      ...emptyChangeOrderForm(),
      description: 'Smaller patio',
      direction: 'less' as const,
      amount: '1200.5',
      daysDirection: 'fewer' as const,
      days: '2',
    };
    expect(inputOfForm(form)).toEqual({
      description: 'Smaller patio',
      price_change_cents: -120_050,
      days_change: -2,
      payment: 'spread',
      new_stage: null,
    });
    expect(
      inputOfForm({ ...form, payment: 'new_stage', stageLabel: 'Extra', stageTrigger: 'Done' })
        .new_stage,
    ).toEqual({ label: 'Extra', trigger: 'Done' });
  });

  it('keeps the cleaned paragraph and each work item on its own line', () => {
    expect(descriptionOfScope({ paragraph: 'Extend the deck. ', bullets: ['Rails', ' '] })).toBe(
      'Extend the deck.\n- Rails',
    );
  });
});
