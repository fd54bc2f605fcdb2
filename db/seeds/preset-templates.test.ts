import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/i18n/languages.js';
import { CANCELLATION_WORDS } from '../../src/domain/cancellation-notice/index.js';
import { sampleTemplateData } from '../../src/domain/template-data.js';
import { compileTemplate, renderTemplate } from '../../src/domain/template-engine/index.js';
import { presetTemplates, presetTwinKey } from './preset-templates.js';

/** What each language's preset must say in its own words. */
const WORDS: Record<
  Language,
  {
    contractDate: string;
    clientSignedOn: string;
    secondSignedOn: string;
    clientRole: string;
    changeOrder: RegExp;
    warranty: RegExp;
  }
> = {
  en: {
    contractDate: 'November 21, 2026',
    clientSignedOn: 'November 22, 2026',
    secondSignedOn: 'November 23, 2026',
    clientRole: ' Client ',
    changeOrder: /change order/i,
    warranty: /warrant/i,
  },
  es: {
    contractDate: '21 de noviembre de 2026',
    clientSignedOn: '22 de noviembre de 2026',
    secondSignedOn: '23 de noviembre de 2026',
    clientRole: ' Cliente ',
    changeOrder: /orden de cambio/i,
    warranty: /garant[ií]a/i,
  },
};

/** The defined term final payment and the warranty hang on (issue 32). */
const SUBSTANTIAL_COMPLETION: Record<Language, { term: string; means: string; warranty: string }> =
  {
    en: {
      term: 'Substantial Completion',
      means: 'means',
      warranty: '8. Materials and Workmanship Warranty',
    },
    es: {
      term: 'Terminación sustancial de los Trabajos',
      means: 'significa',
      warranty: '8. Garantía de materiales y mano de obra',
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

    it("places the FTC Cooling-Off Rule's statement by the client's signature only for a home sale", () => {
      const statement = CANCELLATION_WORDS[preset.language].statement;
      const sale = (homeSale: boolean) => {
        const data = sampleTemplateData(null, '2026-11-21');
        return render({ ...data, contract: { ...data.contract, home_sale: homeSale } });
      };
      const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      const atHome = words(sale(true));
      expect(atHome).toContain(statement);
      // In the client's signature block: after the client's name, before the signature line.
      const clientBlock = atHome.slice(atHome.lastIndexOf('Jordan Rivera'));
      expect(clientBlock).toContain(statement);
      // Nothing about cancelling when the sale was not made at home: no hint to ask for a form.
      const notAtHome = words(sale(false));
      const aboutCancelling =
        /cooling-off|notice of cancellation|right to cancel|aviso de cancelaci[oó]n|derecho a cancelar|per[ií]odo de reflexi[oó]n/i;
      for (const html of [notAtHome, words(render(sampleTemplateData(null, '2026-11-21')))]) {
        expect(html).not.toContain(statement);
        expect(html).not.toMatch(aboutCancelling);
      }
    });

    it('defines Substantial Completion, where the warranty starts', () => {
      const { term, means, warranty } = SUBSTANTIAL_COMPLETION[preset.language];
      const text = render(sampleTemplateData(null, '2026-11-21')).replace(/\s+/g, ' ');
      expect(text).toContain(`"${term}" ${means}`);
      const section8 = text.slice(text.indexOf(warranty));
      expect(section8.slice(0, 400)).toContain(term);
    });

    it('shows every signature image, typed name and date once all parties have signed', () => {
      const png = (mark: string) => `data:image/png;base64,iVBORw0KGgo${mark.repeat(4)}`;
      const sample = sampleTemplateData(null, '2026-11-21');
      const signedOn = ['2026-11-22T16:30:00.000Z', '2026-11-23T18:00:00.000Z'];
      const data = {
        ...sample,
        signature: {
          typed_name: 'Casey Contractor',
          timestamp: '2026-11-21T15:00:00.000Z',
          png: png('A'),
        },
        client_signature: { typed_name: 'Jordan Rivera', timestamp: signedOn[0], png: png('B') },
        // Each owner's block shows their own signature (issue 37), not the client of record's.
        signers: sample.signers.map((signer, index) => ({
          ...signer,
          signed_at: signedOn[index] ?? null,
          signature: {
            typed_name: `${signer.name} (typed)`,
            timestamp: signedOn[index] ?? null,
            png: png(index === 0 ? 'B' : 'C'),
          },
        })),
      };
      const html = render(data);
      expect(html.match(/<img[^>]+data:image\/png;base64/g)).toHaveLength(3);
      for (const mark of ['A', 'B', 'C']) expect(html).toContain(png(mark));
      expect(html).toContain('Casey Contractor');
      expect(html).toContain('Jordan Rivera (typed)');
      expect(html).toContain('Morgan Rivera (typed)');
      expect(html).toContain(words.clientSignedOn);
      expect(html).toContain(words.secondSignedOn);
    });

    it('gives each client who signs a block of their own, blank until they sign', () => {
      const sample = sampleTemplateData(null, '2026-11-21');
      const text = render({ ...sample, contract: { ...sample.contract, home_sale: true } })
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
      const statement = CANCELLATION_WORDS[preset.language].statement;
      // The contractor's block, then one per owner, each with the FTC statement by its signature.
      const blocks = text.split(words.clientRole).slice(-2);
      expect(blocks).toHaveLength(2);
      expect(blocks[0]).toContain('Jordan Rivera');
      expect(blocks[1]).toContain('Morgan Rivera');
      for (const block of blocks) expect(block).toContain(statement);
      // The parties name both owners, each with the email they sign with.
      expect(text).toContain('jordan@example.com');
      expect(text).toContain('morgan@example.com');
      expect(render(sample)).not.toMatch(/<img[^>]+class="signature"/);
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
      'Alcance de los Trabajos',
      'Calendario de pagos',
      'Terminación anticipada del Contrato',
    ]) {
      expect(spanish.html).toContain(heading);
    }
    expect(spanish.html).not.toMatch(/Home Improvement Contract|Scope of Work|Payment Schedule/);
  });

  it('says what a US contract in Spanish says (issue 32, the review of its Spanish)', () => {
    const text = spanish.html.replace(/\s+/g, ' ');
    for (const phrase of [
      'se declara inválida o no exigible',
      'líneas de servicios públicos no informadas al Contratista',
      'que no hayan sido marcadas ni informadas al Contratista',
      'pagará cualquier monto que no esté en disputa',
      'vence al alcanzarse la Terminación sustancial de los Trabajos',
      'a partir de la fecha de Terminación sustancial de los Trabajos',
      'los plazos se prorrogarán por un tiempo razonable',
      'líneas de propano o gas hacia construcciones anexas',
      'actuará con un cuidado razonable cerca de las líneas marcadas',
    ]) {
      expect(text).toContain(phrase);
    }
    for (const calque of [
      'inaplicable',
      'no disputado',
      'no declaradas',
      'conclusión sustancial',
      'vence a la',
      'otras construcciones',
      'debido cuidado',
    ]) {
      expect(text).not.toContain(calque);
    }
  });

  it('is the twin of the Standard Contract in Spanish, and the reverse', () => {
    expect(presetTwinKey('standard-contract', 'es')).toBe('contrato-estandar');
    expect(presetTwinKey('contrato-estandar', 'en')).toBe('standard-contract');
    expect(presetTwinKey('standard-contract', 'en')).toBe('standard-contract');
    expect(presetTwinKey(null, 'es')).toBeNull();
    expect(presetTwinKey('someone-else', 'es')).toBeNull();
  });
});
