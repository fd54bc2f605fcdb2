import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleTemplateData } from '../template-data.js';
import { escapeHtml } from './escape.js';
import { compileTemplate, renderTemplate } from './index.js';

/** Any text, including the characters that matter to HTML and to the template syntax. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('<', '>', '"', "'", '`', '=', '&', '{', '}', '#', '/', 'a', ' ', '\n'),
    maxLength: 40,
  }),
);

const TEMPLATE = [
  '<p>{{client.name}}</p>',
  '<p>{{scope.paragraph}}</p>',
  '<ul>{{#each scope.bullets}}<li>{{this}}</li>{{/each}}</ul>',
  '<ol>{{#each payments}}<li>{{label}}|{{trigger}}|{{phone client.phone}}</li>{{/each}}</ol>',
  '<a title="{{company.website}}">{{phone company.phone}}</a>',
].join('');

/** The template's own tags, so what remains after removing them came from the data. */
const OWN_TAGS = /<\/?(p|ul|ol|li)>|<a title="|">|<\/a>/g;

describe('rendering untrusted data', () => {
  it('prints any string as exactly its escaped form', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        expect(renderTemplate('<p>{{client.name}}</p>', { client: { name: name } })).toEqual({
          ok: true,
          html: `<p>${escapeHtml(name)}</p>`,
        });
      }),
    );
  });

  it('never lets data add <, >, " or \' to the output, wherever it is placed', () => {
    fc.assert(
      fc.property(
        anyText,
        anyText,
        fc.array(anyText, { maxLength: 5 }),
        fc.array(fc.record({ label: anyText, trigger: anyText }), { maxLength: 4 }),
        anyText,
        anyText,
        (name, paragraph, bullets, stages, website, phone) => {
          const data = sampleTemplateData({ website, phone }, '2026-11-21');
          data.client.name = name;
          data.scope = { paragraph, bullets };
          data.client.phone = phone;
          data.payments = stages.map((stage) => ({ ...stage, percent: 1, amount_cents: 1 }));
          const result = renderTemplate(TEMPLATE, data);
          if (!result.ok) throw new Error('render failed');
          expect(result.html.replace(OWN_TAGS, '')).not.toMatch(/[<>"']/);
          expect(result.html.match(/<li>/g)?.length ?? 0).toBe(bullets.length + stages.length);
        },
      ),
    );
  });
});

describe('compiling arbitrary text', () => {
  const syntaxy = fc.string({
    unit: fc.constantFrom(
      '{',
      '}',
      '{{',
      '}}',
      '#',
      '/',
      'a',
      'b',
      '.',
      '@',
      ' ',
      '\n',
      '>',
      '!',
      'each ',
      'if ',
      'else',
      'this',
      'money ',
      '@index',
    ),
    maxLength: 60,
  });

  it('never throws, and reports problems on real lines of the source', () => {
    fc.assert(
      fc.property(fc.oneof(syntaxy, fc.string({ unit: 'binary' })), (source) => {
        const result = compileTemplate(source);
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          const lines = source.split('\n').length;
          for (const problem of result.problems) {
            expect(problem.line).toBeGreaterThanOrEqual(1);
            expect(problem.line).toBeLessThanOrEqual(lines);
            expect(problem.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('renders whatever compiles without throwing, and text without tags verbatim', () => {
    fc.assert(
      fc.property(syntaxy, (source) => {
        const result = renderTemplate(source, sampleTemplateData(null, '2026-11-21'));
        expect(typeof result.ok).toBe('boolean');
        if (!source.includes('{{')) expect(result).toEqual({ ok: true, html: source });
      }),
      { numRuns: 2_000 },
    );
  });
});
