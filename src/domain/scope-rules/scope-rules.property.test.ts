import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCOPE_PLACEHOLDER_BULLET } from '../scope.schemas.js';
import { cleanScopeWithRules, PARAGRAPH_MAX_CHARS } from './index.js';
import { itemKey } from './items.js';

const words = (text: string): string[] => text.split(' ');

/** Measurements that must come out exactly as they went in. */
const MEASURES = words(`3/4 1/2" 2x4 10' 6" $1,500 1,200 3.5 R-19 12/2 X2`);

/** Single words a contractor says, including fillers and the words of spoken punctuation. */
const WORDS = [
  ...words('install replace remove run add the a front back beds drip line valves heads deck'),
  ...words('paint trim fence gate sod mulch and with of in to for it looks would just existing'),
  ...words('um uh er ah hmm like so okay ok basically you know i mean kind sort of that had'),
  ...words('comma period colon semicolon dash hyphen new next line item bullet point question'),
  ...words('mark exclamation full stop warranty pvc gfci led lights hunter trex monday p v c'),
  ...MEASURES,
  ...[',', '.', '?', '-', 'etc.', 'approx.', 'ft.', '\n', '\u200B', 'e.g.'],
];

/** Any mix of those words: the rules must hold even for nonsense. */
const wordSoup = fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((w) => w.join(' '));

/** Dictation as said: phrases, with fillers and spoken punctuation between them. */
const PHRASES = [
  'install drip line',
  'replace the the valves',
  'it looks like the gate is rotted',
  'run a new line to the hose bib',
  'warranty period is one year',
  'like the existing fence',
  'the same kind of mulch',
  'we will let you know',
  'paint the trim etc.',
  'add led lights',
  'replace the hunter x2 controller',
  'install p v c sleeve',
  'would like trex boards',
  ...MEASURES,
];
const FILLERS = words('um uh like so basically okay_so you_know i_mean kind_of , - \u200B');
const COMMANDS = words('comma period new_line next_item question_mark dash hyphen colon ?');
const dictation = fc
  .array(fc.oneof(fc.constantFrom(...PHRASES), fc.constantFrom(...FILLERS, ...COMMANDS)), {
    maxLength: 14,
  })
  .map((chunks) => chunks.join(' ').replaceAll('_', ' '));

/** Any text at all, including control, format and surrogate characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('a', ' ', '.', ',', '\n', '\u0000', '\u200B', '-', '"') }),
  wordSoup,
  dictation,
);

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;

describe('cleanScopeWithRules, for any input', () => {
  it('gives clean, distinct bullets and a bounded paragraph', () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 8 }), (notes) => {
        const { paragraph, bullets } = cleanScopeWithRules(notes);
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
      fc.property(fc.array(anyText, { maxLength: 8 }), (notes) => {
        expect(cleanScopeWithRules(notes)).toEqual(cleanScopeWithRules(notes));
      }),
    );
  });

  it('keeps every measurement exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(wordSoup, dictation), { maxLength: 6 }), (notes) => {
        const text = cleanScopeWithRules(notes).bullets.join('\n');
        for (const measure of MEASURES) {
          if (notes.some((note) => note.split(' ').includes(measure))) {
            expect(text).toContain(measure);
          }
        }
      }),
    );
  });

  it('drops every hesitation sound', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(wordSoup, dictation), { maxLength: 6 }), (notes) => {
        for (const bullet of cleanScopeWithRules(notes).bullets) {
          const said = bullet.toLowerCase().split(/[\s,.?!;:-]+/);
          for (const sound of ['um', 'uh', 'er', 'ah', 'hmm']) expect(said).not.toContain(sound);
        }
      }),
    );
  });
});

describe('cleanScopeWithRules, for dictation', () => {
  it('leaves its own bullets as they are when cleaned again', () => {
    fc.assert(
      fc.property(fc.array(dictation, { maxLength: 6 }), (notes) => {
        const { bullets } = cleanScopeWithRules(notes);
        if (bullets[0] === SCOPE_PLACEHOLDER_BULLET) return;
        expect(cleanScopeWithRules(bullets).bullets).toEqual(bullets);
      }),
    );
  });
});
