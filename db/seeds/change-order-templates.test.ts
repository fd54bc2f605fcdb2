import { describe, expect, it } from 'vitest';
import { changeOrderMoney } from '../../src/domain/change-order-money.js';
import { withChangeOrder } from '../../src/domain/change-order-template-data.js';
import { sampleTemplateData } from '../../src/domain/template-data.js';
import { compileTemplate, renderTemplate } from '../../src/domain/template-engine/index.js';
import { changeOrderTemplateFor, changeOrderTemplates } from './change-order-templates.js';

/** What each language's Change Order says (issue 38). */
const WORDS = {
  en: {
    heading: 'Change Order 2 to Contract #12',
    contractDate: 'November 21, 2026',
    newSum: 'New contract sum, including this change order',
    noTime: 'No change in contract time',
  },
  es: {
    heading: 'Orden de cambio 2 al Contrato n.º 12',
    contractDate: '21 de noviembre de 2026',
    newSum: 'Nuevo precio del Contrato, con esta orden de cambio',
    noTime: 'Sin cambio en el plazo del Contrato',
  },
} as const;

function money(daysChange: number | null) {
  const result = changeOrderMoney({
    originalSumCents: 500_000,
    earlierChangesCents: 0,
    stagesBefore: [
      { label: 'Deposit', percent: 50, amount_cents: 250_000, trigger: 'At signing' },
      { label: 'Final', percent: 50, amount_cents: 250_000, trigger: 'On completion' },
    ],
    heldStages: new Set([0]),
    paidCents: 250_000,
    priceChangeCents: 120_000,
    payment: { kind: 'spread' },
    earlierDays: 0,
    daysChange,
  });
  if (!result.ok) throw new Error(result.message);
  return result.money;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(changeOrderTemplates.map((preset) => [preset.name, preset] as const))(
  'the %s document',
  (_name, preset) => {
    const words = WORDS[preset.language];
    const render = (daysChange: number | null) => {
      const data = withChangeOrder(sampleTemplateData({ name: 'Greenleaf Co' }, '2026-12-01'), {
        number: 2,
        contractId: 12,
        contractDate: '2026-11-21',
        description: 'Extend the drip line to the back beds.',
        daysChange,
        money: money(daysChange),
      });
      const rendered = renderTemplate(preset.html, data, { language: preset.language });
      if (!rendered.ok) throw new Error(JSON.stringify(rendered.problems));
      return text(rendered.html);
    };

    it('compiles and prints the change, the G701 lines, the time and the stages before and after', () => {
      expect(compileTemplate(preset.html)).toMatchObject({ ok: true });
      const html = render(3);
      for (const expected of [
        words.heading,
        words.contractDate,
        'Greenleaf Co',
        'Jordan Rivera',
        'Extend the drip line to the back beds.',
        '$5,000.00',
        '+$1,200.00',
        words.newSum,
        '$6,200.00',
        '$3,700.00',
        'On completion',
      ]) {
        expect(html).toContain(expected);
      }
      expect(html).not.toContain(words.noTime);
      expect(html).not.toContain('{{');
    });

    it('says when the contract time does not change', () => {
      expect(render(null)).toContain(words.noTime);
    });
  },
);

it('picks the document in the contract language', () => {
  expect(changeOrderTemplateFor('es').key).toBe('orden-de-cambio');
  expect(changeOrderTemplateFor('en').key).toBe('change-order');
});
