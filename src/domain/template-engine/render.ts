import type { CompiledTemplate, TemplateNode, TemplatePath, TemplateProblem } from './ast.js';
import { asPlainData, isPlainArray, isTruthy, readItem, readOwn, readPath } from './data-access.js';
import { escapeHtml } from './escape.js';
import type { Language } from '../i18n/languages.js';
import { applyFormatter } from './formatters.js';

/**
 * Renders a compiled template. Output size and work are checked as rendering goes, so a loop over
 * huge (or nested) lists stops early with a problem instead of hanging or exhausting memory.
 */

/** Default output cap: 2 million characters ("2 MB"). */
export const TEMPLATE_MAX_OUTPUT_CHARS = 2_000_000;
/** Node visits plus loop iterations allowed per render; catches loops that print little. */
export const TEMPLATE_MAX_RENDER_STEPS = 1_000_000;

export type RenderResult = { ok: true; html: string } | { ok: false; problems: TemplateProblem[] };

/** One level of {{#each}}: its item and position; the outermost scope holds the root data. */
interface Scope {
  item: unknown;
  index: number;
  parent: Scope | null;
}

/** Unwinds the recursive render at the first limit hit; caught in renderNodes. */
class RenderStopped extends Error {
  constructor(readonly problem: TemplateProblem) {
    super(problem.message);
  }
}

export function describeSize(chars: number): string {
  if (chars >= 1_000_000) return `${Math.round(chars / 100_000) / 10} MB`;
  if (chars >= 1_000) return `${Math.round(chars / 100) / 10} KB`;
  return `${chars} characters`;
}

export function renderNodes(
  template: CompiledTemplate,
  data: unknown,
  maxOutputChars: number,
  language: Language,
  timeZone: string | null = null,
): RenderResult {
  let html = '';
  let steps = 0;

  /** Loops are blamed when limits are hit: that is where the contractor should look. */
  const stop = (line: number, message: string): never => {
    throw new RenderStopped({ line, message });
  };
  const step = (line: number): void => {
    if (++steps > TEMPLATE_MAX_RENDER_STEPS) {
      stop(line, 'The contract takes too long to build; check for loops over large lists');
    }
  };
  const write = (text: string, line: number): void => {
    if (html.length + text.length > maxOutputChars) {
      stop(
        line,
        `The contract would be larger than ${describeSize(maxOutputChars)}; check for loops over large lists`,
      );
    }
    html += text;
  };

  const resolve = (path: TemplatePath, scope: Scope): unknown => {
    switch (path.kind) {
      case 'index':
        return scope.index;
      case 'number':
        return scope.index + 1;
      case 'this':
        return readPath(scope.item, path.keys);
      case 'lookup': {
        // The first key is looked up from the innermost loop item outwards to the root data.
        const [first = '', ...rest] = path.keys;
        for (let level: Scope | null = scope; level; level = level.parent) {
          const own = readOwn(level.item, first);
          if (own.found) return readPath(own.value, rest);
        }
        return undefined;
      }
    }
  };

  const renderList = (nodes: readonly TemplateNode[], scope: Scope, loopLine: number): void => {
    for (const node of nodes) {
      const blame = loopLine || node.line;
      step(blame);
      switch (node.kind) {
        case 'text':
          write(node.text, blame);
          break;
        case 'value':
          write(
            escapeHtml(
              applyFormatter(node.formatter, resolve(node.path, scope), language, timeZone),
            ),
            blame,
          );
          break;
        case 'if':
          renderList(
            isTruthy(resolve(node.path, scope)) ? node.then : node.otherwise,
            scope,
            loopLine,
          );
          break;
        case 'each': {
          const list = resolve(node.path, scope);
          if (!isPlainArray(list)) break;
          for (let index = 0; index < list.length; index++) {
            step(node.line);
            const item = readItem(list, index);
            renderList(node.body, { item, index, parent: scope }, node.line);
          }
          break;
        }
      }
    }
  };

  try {
    renderList(template.nodes, { item: asPlainData(data), index: -1, parent: null }, 0);
    return { ok: true, html };
  } catch (error) {
    if (error instanceof RenderStopped) return { ok: false, problems: [error.problem] };
    // Only exotic data (a throwing Proxy, say) gets here; the result type promises no throw.
    return {
      ok: false,
      problems: [{ line: 1, message: 'The contract could not be built from this data' }],
    };
  }
}
