import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCOPE_PLACEHOLDER_BULLET } from '../scope.schemas.js';
import { cleanScopeWithRules, PARAGRAPH_MAX_CHARS } from './index.js';
import { itemKey } from './items.js';

/** Measurements that must come out exactly as they went in. */
const MEASURES = [
  '3/4',
  '1/2"',
  '2x4',
  "10'",
  '6"',
  '$1,500',
  '1,200',
  '3.5',
  'R-19',
  '12/2',
  'X2',
];

/** Words a contractor says: tasks, fillers, spoken punctuation, acronyms and measurements. */
const DICTATION_WORDS = [
  ...'install replace remove run add the a front back beds drip line valves heads deck boards'.split(
    ' ',
  ),
  ...'paint trim fence gate sod mulch and with of in to for it looks would just existing'.split(
    ' ',
  ),
  ...'um uh er ah hmm like so okay ok basically you know i mean kind sort of that had'.split(' '),
  ...'comma period colon semicolon dash hyphen new next line item bullet point question mark'.split(
    ' ',
  ),
  ...'exclamation full stop warranty pvc gfci led lights hunter trex monday p v c'.split(' '),
  ...MEASURES,
  ...[',', '.', '?', '-', 'etc.', 'approx.', 'ft.', '\n', '\u200B', 'e.g.'],
];

const dictation = fc
  .array(fc.constantFrom(...DICTATION_WORDS), { maxLength: 30 })
  .map((words) => words.join(' '));
const notes = fc.array(dictation, { maxLength: 6 });

/** Any text at all, including control, format and surrogate characters. */
const anyNotes = fc.array(
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({
      unit: fc.constantFrom('a', ' ', '.', ',', '\n', '\u0000', '\u200B', '-', '"'),
      maxLength: 60,
    }),
    dictation,
  ),
  { maxLength: 8 },
);

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;

describe('cleanScopeWithRules, for any input', () => {
  it('gives clean bullets and a bounded paragraph', () => {
    fc.assert(
      fc.property(anyNotes, (input) => {
        const { paragraph, bullets } = cleanScopeWithRules(input);
        expect(bullets.length).toBeGreaterThan(0);
        for (const bullet of bullets) {
          expect(bullet).not.toBe('');
          expect(bullet).toBe(bullet.trim());
          expect(bullet).not.toMatch(INVISIBLE);
          expect(bullet).not.toMatch(/\s\s|[\n\t]/);
          expect(bullet).not.toMatch(/[,;:\-–—]$/);
        }
        expect(new Set(bullets.map(itemKey)).size).toBe(bullets.length);
        expect(paragraph.length).toBeLessThanOrEqual(PARAGRAPH_MAX_CHARS);
        expect(paragraph).not.toMatch(INVISIBLE);
        if (paragraph === '') expect(bullets).toEqual([SCOPE_PLACEHOLDER_BULLET]);
        else expect(paragraph).toMatch(/^The scope of work .*\.$/s);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(anyNotes, (input) => {
        expect(cleanScopeWithRules(input)).toEqual(cleanScopeWithRules(input));
      }),
    );
  });
});

describe('cleanScopeWithRules, for dictation', () => {
  it('leaves its own bullets as they are when cleaned again', () => {
    fc.assert(
      fc.property(notes, (input) => {
        const { bullets } = cleanScopeWithRules(input);
        if (bullets[0] === SCOPE_PLACEHOLDER_BULLET) return;
        expect(cleanScopeWithRules(bullets).bullets).toEqual(bullets);
      }),
    );
  });

  it('keeps every measurement exactly', () => {
    fc.assert(
      fc.property(notes, (input) => {
        const text = cleanScopeWithRules(input).bullets.join('\n');
        for (const measure of MEASURES) {
          if (input.some((note) => note.split(' ').includes(measure))) {
            expect(text).toContain(measure);
          }
        }
      }),
    );
  });

  it('drops every hesitation sound', () => {
    fc.assert(
      fc.property(notes, (input) => {
        for (const bullet of cleanScopeWithRules(input).bullets) {
          expect(bullet.toLowerCase().split(/[\s,.?!;:]+/)).not.toContain('um');
          expect(bullet.toLowerCase().split(/[\s,.?!;:]+/)).not.toContain('uh');
        }
      }),
    );
  });
});
