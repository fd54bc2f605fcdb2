import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('jsonNestsDeeperThan', () => {
  it('accepts the limit and refuses one level more, for arrays and objects', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
    expect(jsonNestsDeeperThan(objects(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(objects(4), 3)).toBe(true);
  });

  it('counts depth, not brackets: siblings do not add up', () => {
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(
      false,
    );
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ notes: '[[[[[[[[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ notes: 'say "[[[[" \\ ok' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"", ${nested(3)}]`, 3)).toBe(true);
  });

  it('passes a real contract draft, batched the way the web app sends it', () => {
    const draft = {
      0: {
        json: {
          id: 4,
          draft: {
            stages: [{ label: 'Deposit', percent: 30, trigger: 'At signing' }],
            scope: { notes: ['dig [trench]'], formatted: '{{not a token}}' },
          },
        },
      },
    };
    expect(jsonNestsDeeperThan(JSON.stringify(draft))).toBe(false);
  });
});
