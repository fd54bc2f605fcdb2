import { describe, expect, it } from 'vitest';
import { sampleTemplateData } from '../../src/domain/template-data.js';
import { compileTemplate, renderTemplate } from '../../src/domain/template-engine/index.js';
import { presetTemplates } from './preset-templates.js';

describe.each(presetTemplates.map((preset) => [preset.name, preset] as const))(
  'the %s preset',
  (_name, preset) => {
    it('compiles without problems and stays small', () => {
      expect(compileTemplate(preset.html)).toMatchObject({ ok: true });
      expect(preset.html.length).toBeLessThan(40_000);
    });

    it('renders the parties, scope, price, payment schedule and both signature blocks', () => {
      const data = sampleTemplateData(
        { name: 'Greenleaf Landscaping', phone: '5550001111' },
        '2026-11-21',
      );
      const rendered = renderTemplate(preset.html, data);
      if (!rendered.ok) throw new Error(JSON.stringify(rendered.problems));
      const { html } = rendered;
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
        'November 21, 2026',
        data.scope.bullets[0] ?? '',
      ]) {
        expect(html).toContain(expected);
      }
      expect(html).toMatch(/change order/i);
      expect(html).toMatch(/warrant/i);
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
      const rendered = renderTemplate(preset.html, data);
      if (!rendered.ok) throw new Error(JSON.stringify(rendered.problems));
      expect(rendered.html.match(/<img[^>]+data:image\/png;base64/g)).toHaveLength(2);
      expect(rendered.html).toContain('Casey Contractor');
      expect(rendered.html).toContain('November 22, 2026');
    });
  },
);
