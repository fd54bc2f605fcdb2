import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage } from './languages.js';

describe("the browser's language", () => {
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['es', 'es'],
    ['ES-us', 'es'],
    ['en;q=0.5, es', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['es;q=0, en', 'en'],
    ['*', 'en'],
    ['estonian-made-up', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s is %s', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });
});
