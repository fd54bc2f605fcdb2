import { describe, expect, it } from 'vitest';
import { messagesFor } from './catalogue.js';
import { LANGUAGES } from './languages.js';

/** Every leaf of a catalogue, by its dotted key, with what kind of message it is. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, kind] of leaves(child, prefix ? `${prefix}.${key}` : key))
        found.set(path, kind);
    }
  } else {
    const kind = Array.isArray(value)
      ? `list of ${value.length > 0 ? 'texts' : 'nothing'}`
      : typeof value === 'function'
        ? `message of ${(value as (...args: unknown[]) => string).length} values`
        : typeof value;
    found.set(prefix, kind);
  }
  return found;
}

describe('the message catalogues', () => {
  const english = leaves(messagesFor('en'));

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key English has, of the same kind, and no other',
    (language) => {
      const other = leaves(messagesFor(language));
      const missing = [...english.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, kind] of english) expect([key, other.get(key)]).toEqual([key, kind]);
    },
  );

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const catalogue = messagesFor(language);
    const empty = [...leaves(catalogue)].filter(([, kind]) => kind === 'list of nothing');
    expect(empty).toEqual([]);
    const texts = JSON.stringify(catalogue, (_key, value: unknown) =>
      typeof value === 'string' && value.trim() === '' ? '<EMPTY>' : value,
    );
    expect(texts).not.toContain('<EMPTY>');
  });
});
