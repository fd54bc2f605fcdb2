import type { FormatterName, TemplatePath } from './ast.js';
import { isFormatterName } from './formatters.js';
import { snippet } from './lexer.js';

/** Classifies the text between `{{` and `}}` into one of the few constructs the engine knows. */

export type BlockKind = 'each' | 'if';

export type ParsedTag =
  | { kind: 'value'; formatter: FormatterName | null; path: TemplatePath }
  | { kind: 'open'; block: BlockKind; path: TemplatePath; shown: string }
  | { kind: 'else' }
  | { kind: 'close'; block: BlockKind }
  | { kind: 'invalid'; message: string };

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FORMATTER_LIST = 'money, date, percent or phone';
const FORMATTER_EXAMPLES: Record<FormatterName, string> = {
  money: '{{money contract.total_cents}}, or {{money amount_cents}} inside {{#each payments}}',
  date: '{{date today}}',
  percent: '{{percent percent}} inside {{#each payments}}',
  phone: '{{phone client.phone}}',
};
/**
 * Fields of the template data that share a formatter's name: a lone `{{percent}}` inside the
 * payments loop can only mean the stage's percent, so it formats that field.
 */
const FIELDS_NAMED_LIKE_A_FORMATTER: ReadonlySet<FormatterName> = new Set(['percent']);

type PathResult = { ok: true; path: TemplatePath } | { ok: false; message: string };

export function parsePath(word: string, shown: string): PathResult {
  if (word === '@index') return { ok: true, path: { kind: 'index' } };
  if (word === '@number') return { ok: true, path: { kind: 'number' } };
  if (word.startsWith('@')) {
    return { ok: false, message: `${shown}: only {{@index}} and {{@number}} can start with @` };
  }
  const keys = word.split('.');
  if (!keys.every((key) => SEGMENT.test(key))) {
    return {
      ok: false,
      message: `${shown}: "${snippet(word)}" is not a valid field name; use letters, digits and _ separated by dots, like client.name`,
    };
  }
  if (keys[0] === 'this') return { ok: true, path: { kind: 'this', keys: keys.slice(1) } };
  return { ok: true, path: { kind: 'lookup', keys } };
}

function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

export function parseTag(content: string): ParsedTag {
  const trimmed = content.trim();
  const shown = `{{${snippet(trimmed)}}}${trimmed.startsWith('{') ? '}' : ''}`;
  const invalid = (message: string): ParsedTag => ({ kind: 'invalid', message });
  const first = trimmed.charAt(0);

  if (trimmed === '')
    return invalid('{{}} is empty; write a field name inside, like {{client.name}}');
  if (first === '{' || first === '&') {
    return invalid(`${shown} is not supported; use {{field}} (values are always shown as text)`);
  }
  if (first === '>') return invalid(`${shown} is not supported: templates cannot include others`);
  if (first === '!') return invalid(`${shown}: comments are not supported; remove this tag`);
  if (first === '^') return invalid(`${shown} is not supported; use {{#if …}}…{{else}}…{{/if}}`);
  if (first === '#') return parseOpen(splitWords(trimmed.slice(1)), shown);
  if (first === '/') return parseClose(splitWords(trimmed.slice(1)), shown);

  const words = splitWords(trimmed);
  if (words[0] === 'else') {
    return words.length === 1
      ? { kind: 'else' }
      : invalid(`${shown} is not supported; write {{else}} and put another {{#if …}} inside it`);
  }
  const [head = '', arg, ...extra] = words;
  if (extra.length > 0) {
    return invalid(
      `${shown} has too many words; write a field name, optionally after ${FORMATTER_LIST}`,
    );
  }
  if (arg === undefined) {
    if (isFormatterName(head)) {
      if (FIELDS_NAMED_LIKE_A_FORMATTER.has(head)) {
        return { kind: 'value', formatter: head, path: { kind: 'lookup', keys: [head] } };
      }
      return invalid(`${shown} needs the value to format: write ${FORMATTER_EXAMPLES[head]}`);
    }
    const path = parsePath(head, shown);
    return path.ok ? { kind: 'value', formatter: null, path: path.path } : invalid(path.message);
  }
  if (!isFormatterName(head)) {
    return invalid(`${shown}: "${snippet(head)}" is not a known format; use ${FORMATTER_LIST}`);
  }
  const path = parsePath(arg, shown);
  return path.ok ? { kind: 'value', formatter: head, path: path.path } : invalid(path.message);
}

function parseOpen(words: string[], shown: string): ParsedTag {
  const [keyword = '', arg, ...extra] = words;
  if (keyword !== 'each' && keyword !== 'if') {
    return {
      kind: 'invalid',
      message: `${shown} is not supported; the only blocks are {{#each …}} and {{#if …}}`,
    };
  }
  const example = keyword === 'each' ? '{{#each payments}}' : '{{#if client.phone}}';
  if (arg === undefined) {
    return { kind: 'invalid', message: `${shown} needs a field name, like ${example}` };
  }
  if (extra.length > 0) {
    return { kind: 'invalid', message: `${shown} has too many words; write it like ${example}` };
  }
  const path = parsePath(arg, shown);
  if (!path.ok) return { kind: 'invalid', message: path.message };
  return { kind: 'open', block: keyword, path: path.path, shown };
}

function parseClose(words: string[], shown: string): ParsedTag {
  const [keyword = '', ...extra] = words;
  if (keyword !== 'each' && keyword !== 'if') {
    return {
      kind: 'invalid',
      message: `${shown} is not supported; blocks end with {{/each}} or {{/if}}`,
    };
  }
  if (extra.length > 0) {
    return { kind: 'invalid', message: `${shown}: write {{/${keyword}}} with nothing after it` };
  }
  return { kind: 'close', block: keyword };
}
