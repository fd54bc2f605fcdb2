import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/i18n/languages.js';
import { sampleTemplateData } from '../../src/domain/template-data.js';
import { compileTemplate, renderTemplate } from '../../src/domain/template-engine/index.js';
import { presetTemplates, presetTwinKey } from './preset-templates.js';

/** What each language's preset must say in its own words. */
const WORDS: Record<
  Language,
  { contractDate: string; clientSignedOn: string; changeOrder: RegExp; warranty: RegExp }
> = {
  en: {
    contractDate: 'November 21, 2026',
    clientSignedOn: 'November 22, 2026',
    changeOrder: /change order/i,
    warranty: /warrant/i,
  },
  es: {
    contractDate: '21 de noviembre de 2026',
    clientSignedOn: '22 de noviembre de 2026',
    changeOrder: /orden de cambio/i,
    warranty: /garant[ií]a/i,
  },
};

describe.each(presetTemplates.map((preset) => [preset.name, preset] as const))(
  'the %s preset',
  (_name, preset) => {
    const words = WORDS[preset.language];
    const render = (data: unknown) => {
      const rendered = renderTemplate(preset.html, data, { language: preset.language });
      if (!rendered.ok) throw new Error(JSON.stringify(rendered.problems));
      return rendered.html;
    };

    it('compiles without problems and stays small', () => {
      expect(compileTemplate(preset.html)).toMatchObject({ ok: true });
      expect(preset.html.length).toBeLessThan(40_000);
    });

    it('renders the parties, scope, price, payment schedule and both signature blocks', () => {
      const data = sampleTemplateData(
        { name: 'Greenleaf Landscaping', phone: '5550001111' },
        '2026-11-21',
      );
      const html = render(data);
      for (const expected of [
        'Greenleaf Landscaping',
        '(555) 000-1111',
        'Jordan Rivera',
        '42 Maple Street',
        '$5,000.00',
        '$1,650.00',
        '$1,700.00',
        'At signing',
        'Substantial completion',
        '34%',
        words.contractDate,
        data.scope.bullets[0] ?? '',
      ]) {
        expect(html).toContain(expected);
      }
      expect(html).toMatch(words.changeOrder);
      expect(html).toMatch(words.warranty);
      expect(html).toContain(`<html lang="${preset.language}">`);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain('{{');
    });

    it('shows the signature images and names once both parties have signed', () => {
      const png = 'data:image/png;base64,iVBORw0KGgo=';
      const data = {
        ...sampleTemplateData(null, '2026-11-21'),
        signature: { typed_name: 'Casey Contractor', timestamp: '2026-11-21T15:00:00.000Z', png },
        client_signature: {
          typed_name: 'Jordan Rivera',
          timestamp: '2026-11-22T16:30:00.000Z',
          png,
        },
      };
      const html = render(data);
      expect(html.match(/<img[^>]+data:image\/png;base64/g)).toHaveLength(2);
      expect(html).toContain('Casey Contractor');
      expect(html).toContain(words.clientSignedOn);
    });
  },
);

describe('Contrato estándar, the Standard Contract’s Spanish twin', () => {
  const [standard, spanish] = ['standard-contract', 'contrato-estandar'].map((key) => {
    const preset = presetTemplates.find((candidate) => candidate.key === key);
    if (!preset) throw new Error(`${key} is not shipped`);
    return preset;
  }) as [(typeof presetTemplates)[number], (typeof presetTemplates)[number]];

  /** Every tag of a template, in order, whitespace inside the braces ignored. */
  const tags = (html: string) =>
    [...html.matchAll(/\{\{([^}]*)\}\}/g)].map((match) => (match[1] ?? '').replace(/\s+/g, ' '));
  const style = (html: string) => /<style>[\s\S]*<\/style>/.exec(html)?.[0];

  it('fills in the same facts in the same places, with the same look', () => {
    expect(tags(spanish.html)).toEqual(tags(standard.html));
    expect(style(spanish.html)).toBe(style(standard.html));
  });

  it('is installed after the Standard Contract, which stays the default of a new account', () => {
    expect(presetTemplates.map((preset) => preset.name)).toEqual([
      'Standard Contract',
      'Contrato estándar',
    ]);
  });

  it('reads as a Spanish contract, not an English one', () => {
    for (const heading of [
      'Contrato de mejoras para el hogar',
      'Alcance de los trabajos',
      'Calendario de pagos',
      'AVISO SOBRE SU DERECHO A CANCELAR',
    ]) {
      expect(spanish.html).toContain(heading);
    }
    expect(spanish.html).not.toMatch(/Home Improvement Contract|Scope of Work|Payment Schedule/);
  });

  it('is the twin of the Standard Contract in Spanish, and the reverse', () => {
    expect(presetTwinKey('standard-contract', 'es')).toBe('contrato-estandar');
    expect(presetTwinKey('contrato-estandar', 'en')).toBe('standard-contract');
    expect(presetTwinKey('standard-contract', 'en')).toBe('standard-contract');
    expect(presetTwinKey(null, 'es')).toBeNull();
    expect(presetTwinKey('someone-else', 'es')).toBeNull();
  });
});
