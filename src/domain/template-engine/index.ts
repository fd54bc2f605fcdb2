/**
 * TradeSign's contract template engine (docs/decisions/006): a tiny logic-less engine for
 * untrusted contractor templates. Pure, isomorphic TypeScript: the editor preview and the server
 * snapshot run this same code. It never evaluates code, reads only own properties of plain data,
 * never calls functions found in data, and bounds nesting, output size and work.
 */
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.js';
import type { CompiledTemplate, TemplateProblem } from './ast.js';
import { parseTemplate } from './parser.js';
import { renderNodes, TEMPLATE_MAX_OUTPUT_CHARS, type RenderResult } from './render.js';

export type { CompiledTemplate, TemplateProblem } from './ast.js';
export type { RenderResult } from './render.js';
export { TEMPLATE_MAX_OUTPUT_CHARS, TEMPLATE_MAX_RENDER_STEPS } from './render.js';
export { TEMPLATE_MAX_BLOCK_DEPTH } from './parser.js';
export { TEMPLATE_TOKENS } from './tokens.js';
export { escapeHtml } from './escape.js';

export type CompileResult =
  { ok: true; template: CompiledTemplate } | { ok: false; problems: TemplateProblem[] };

export interface RenderOptions {
  /** Stop with a problem past this many characters of output (default 2,000,000). */
  maxOutputChars?: number;
  /**
   * The contract's language: `{{date ...}}` prints its month names (default English). The
   * wizard preview and the frozen copy both pass the contract's, so they stay identical.
   */
  language?: Language;
  /**
   * The company's IANA zone: `{{date ...}}` of an instant prints the day on its clock (UTC when
   * absent), the same day the Notice of Cancellation counts from.
   */
  timeZone?: string | null;
}

/** Checks a template and prepares it for rendering; problems carry 1-based line numbers. */
export function compileTemplate(source: string): CompileResult {
  if (typeof source !== 'string') {
    return { ok: false, problems: [{ line: 1, message: 'The template must be text' }] };
  }
  return parseTemplate(source);
}

/** Fills a compiled template with data; every printed value is HTML-escaped. */
export function renderCompiled(
  template: CompiledTemplate,
  data: unknown,
  options?: RenderOptions,
): RenderResult {
  const requested = options?.maxOutputChars;
  const maxOutputChars =
    typeof requested === 'number' && requested >= 0 && !Number.isNaN(requested)
      ? requested
      : TEMPLATE_MAX_OUTPUT_CHARS;
  return renderNodes(
    template,
    data,
    maxOutputChars,
    options?.language ?? DEFAULT_LANGUAGE,
    options?.timeZone ?? null,
  );
}

/** compileTemplate then renderCompiled: compile problems come back the same way as render ones. */
export function renderTemplate(
  source: string,
  data: unknown,
  options?: RenderOptions,
): RenderResult {
  const compiled = compileTemplate(source);
  return compiled.ok ? renderCompiled(compiled.template, data, options) : compiled;
}

/** How the editor shows a problem: `Line 12: {{#each payments}} is never closed with {{/each}}`. */
export function formatTemplateProblem(problem: TemplateProblem): string {
  return `Line ${problem.line}: ${problem.message}`;
}
