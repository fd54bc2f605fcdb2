import type { CssNode, Declaration, List, ListItem, StyleSheet } from 'css-tree';
import generateCss from 'css-tree/generator';
import parseCss from 'css-tree/parser';
import walkCss from 'css-tree/walker';
import type { DocumentProblem } from './problems.js';

/**
 * The CSS half of the contract document policy (docs/decisions/016). A contract has one look:
 * what the client reads on a phone is what the PDF prints, and nothing is fetched from anywhere.
 * So no at-rule survives (@media, @page, @import, @font-face...), no declaration that applies only
 * to paper, depends on the screen's size, or names a URL other than a data: image. The style sheet
 * is rebuilt from css-tree's syntax tree, so nothing the parser did not understand is passed on.
 */

/** Images may be carried inside the document, never fetched. */
export const DATA_IMAGE_URL = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** In a template (not yet filled in), a `{{token}}` stands in CSS as this identifier. */
export const TEMPLATE_TOKEN_STAND_IN = 'tradesign-template-token';

const VIEWPORT_UNITS = new Set(
  ['vw', 'vh', 'vi', 'vb', 'vmin', 'vmax', 'cqw', 'cqh', 'cqi', 'cqb', 'cqmin', 'cqmax'].flatMap(
    (unit) => (unit.startsWith('v') ? [unit, `s${unit}`, `l${unit}`, `d${unit}`] : [unit]),
  ),
);
const PRINT_ONLY_PROPERTIES = new Set([
  'print-color-adjust',
  '-webkit-print-color-adjust',
  'color-adjust',
]);
/** Functions that fetch, read outside values, or (in old engines) run code. */
const REFUSED_FUNCTIONS = new Set([
  'url',
  'src',
  'image',
  'image-set',
  'cross-fade',
  'element',
  'paint',
  'var',
  'env',
  'expression',
]);
const REFUSED_PROPERTIES = new Set(['behavior', '-moz-binding']);

export interface CssFilterOptions {
  /** The line of the style sheet's first line in the template, for problems. */
  firstLine: number;
  /** A template: `url(tradesign-template-token)` is filled in later, and checked then. */
  templateTokens?: boolean;
}

export interface CssFilterResult {
  css: string;
  problems: DocumentProblem[];
}

/** Filters a `<style>` element's text. */
export function filterStyleSheet(css: string, options: CssFilterOptions): CssFilterResult {
  return filterCss(css, 'stylesheet', options);
}

/** Filters a `style=""` attribute's declarations. */
export function filterStyleAttribute(css: string, options: CssFilterOptions): CssFilterResult {
  return filterCss(css, 'declarationList', options);
}

function filterCss(
  css: string,
  context: 'stylesheet' | 'declarationList',
  options: CssFilterOptions,
): CssFilterResult {
  const problems: DocumentProblem[] = [];
  const report = (node: CssNode | undefined, message: string) =>
    problems.push({ line: options.firstLine + (node?.loc?.start.line ?? 1) - 1, message });
  let ast: CssNode;
  try {
    ast = parseCss(css, { context, positions: true, parseCustomProperty: false });
  } catch {
    report(undefined, 'This CSS cannot be read: check for a missing ; or }');
    return { css: '', problems };
  }
  if (ast.type === 'StyleSheet' || ast.type === 'DeclarationList' || ast.type === 'Block') {
    filterChildren((ast as StyleSheet).children, report, options);
  }
  // `<` never leaves as itself, so the text cannot close its <style> element early.
  return { css: generateCss(ast).replace(/</g, '\\3c '), problems };
}

type Report = (node: CssNode | undefined, message: string) => void;

function filterChildren(children: List<CssNode>, report: Report, options: CssFilterOptions) {
  const drop: ListItem<CssNode>[] = [];
  children.forEach((node, item) => {
    const problem = problemOf(node, report, options);
    if (problem === null) return;
    if (problem !== '') report(node, problem);
    drop.push(item);
  });
  for (const item of drop) children.remove(item);
}

/** null keeps the node; a message (or '' for a silent drop) removes it. */
function problemOf(node: CssNode, report: Report, options: CssFilterOptions): string | null {
  switch (node.type) {
    case 'Atrule':
      return atRuleProblem(node.name.toLowerCase(), node.prelude ? generateCss(node.prelude) : '');
    case 'Rule':
      if (node.prelude.type === 'Raw') return 'This CSS selector cannot be read';
      filterChildren(node.block.children, report, options);
      return null;
    case 'Declaration':
      return declarationProblem(node, options);
    default:
      return 'This CSS cannot be read: check for a missing ; or }';
  }
}

function atRuleProblem(name: string, prelude: string): string {
  if (name === 'import') {
    return '@import loads a style sheet from outside the contract: put the styles in this template’s <style> block';
  }
  if (name === 'font-face') {
    return '@font-face loads a font from outside the contract: use a font every device has, such as Arial or Georgia';
  }
  if (name === 'page') {
    return '@page applies only when printing: remove it (TradeSign sets the page size and margins)';
  }
  if (name === 'media' && /\bprint\b/i.test(prelude)) {
    return '@media print makes the paper copy differ from what the client reads on screen: write one set of styles';
  }
  if (name === 'media') {
    return '@media makes the contract differ between a phone and the signed PDF: write one set of styles';
  }
  return `@${name} is not allowed in contract templates: write plain style rules`;
}

function declarationProblem(node: Declaration, options: CssFilterOptions): string | null {
  const property = node.property.toLowerCase();
  if (property.includes('\\')) return 'Escaped CSS names are not allowed: write the name plainly';
  if (property.startsWith('--')) {
    return `Custom properties (${node.property}) are not allowed: write the value itself`;
  }
  if (PRINT_ONLY_PROPERTIES.has(property)) {
    return `${node.property} changes colours only when printing: remove it`;
  }
  if (REFUSED_PROPERTIES.has(property)) return `${node.property} is not allowed`;
  let problem: string | null = null;
  walkCss(node.value, (child) => {
    problem ??= valueProblem(child, options);
  });
  return problem;
}

function valueProblem(node: CssNode, options: CssFilterOptions): string | null {
  switch (node.type) {
    case 'Raw':
      return 'This CSS value cannot be read';
    case 'Url':
      if (DATA_IMAGE_URL.test(node.value)) return null;
      if (options.templateTokens && node.value.includes(TEMPLATE_TOKEN_STAND_IN)) return null;
      return `url(${node.value.slice(0, 60)}) loads a file from outside the contract: upload your logo in Settings → Branding, or use a data: image`;
    case 'Function': {
      const name = node.name.toLowerCase().replace(/^-webkit-/, '');
      if (name.includes('\\')) return 'Escaped CSS names are not allowed: write the name plainly';
      return REFUSED_FUNCTIONS.has(name)
        ? `${node.name}() is not allowed in contract templates`
        : null;
    }
    case 'Dimension':
      return VIEWPORT_UNITS.has(node.unit.toLowerCase())
        ? `Sizes in ${node.unit} depend on the screen, so the PDF would differ: use px, em or %`
        : null;
    default:
      return null;
  }
}
