import { defaultTreeAdapter, html, type DefaultTreeAdapterTypes } from 'parse5';
import {
  DATA_IMAGE_URL,
  filterStyleAttribute,
  filterStyleSheet,
  TEMPLATE_TOKEN_STAND_IN,
} from './css-policy.js';
import type { DocumentProblem } from './problems.js';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * The HTML half of the contract document policy (docs/decisions/016): an allowlist of the
 * elements and attributes a printed contract needs. Elements that run code, embed or fetch
 * something, or take input go with their content; other unknown elements give way to their
 * content, so no words of the contract are lost.
 */
const ALLOWED_ELEMENTS = new Set(
  (
    'html head body title style meta div span p br hr h1 h2 h3 h4 h5 h6 ul ol li dl dt dd ' +
    'table caption colgroup col thead tbody tfoot tr th td strong b em i u s small sub sup mark ' +
    'abbr cite q dfn time del ins code pre kbd samp var blockquote address section article ' +
    'header footer main aside nav figure figcaption img a wbr bdi bdo center font big strike tt ' +
    'label fieldset legend'
  ).split(' '),
);

const REMOVED_WITH_CONTENT: Readonly<Record<string, string>> = {
  script: 'a contract cannot run code',
  noscript: 'a contract cannot run code',
  template: 'its content would never show',
  iframe: 'it shows a page from elsewhere inside the contract',
  frame: 'it shows a page from elsewhere inside the contract',
  frameset: 'it shows a page from elsewhere inside the contract',
  object: 'it embeds a file from outside the contract',
  embed: 'it embeds a file from outside the contract',
  applet: 'it embeds a file from outside the contract',
  portal: 'it shows a page from elsewhere inside the contract',
  fencedframe: 'it shows a page from elsewhere inside the contract',
  link: 'it loads a file from outside the contract: put the styles in this template’s <style> block',
  base: 'it would send the contract’s links elsewhere',
  video: 'it loads media from outside the contract',
  audio: 'it loads media from outside the contract',
  picture: 'it loads images from outside the contract: use <img> with your uploaded logo',
  source: 'it loads media from outside the contract',
  track: 'it loads media from outside the contract',
  canvas: 'it needs code to draw anything',
  svg: 'use a PNG or JPEG image instead',
  math: 'it is not supported in contracts',
  form: 'the client signs on the signing page, not inside the contract',
  input: 'the client signs on the signing page, not inside the contract',
  button: 'the client signs on the signing page, not inside the contract',
  select: 'the client signs on the signing page, not inside the contract',
  textarea: 'the client signs on the signing page, not inside the contract',
  option: 'the client signs on the signing page, not inside the contract',
  optgroup: 'the client signs on the signing page, not inside the contract',
  datalist: 'the client signs on the signing page, not inside the contract',
  output: 'the client signs on the signing page, not inside the contract',
  dialog: 'it is not supported in contracts',
  slot: 'it is not supported in contracts',
  param: 'it is not supported in contracts',
  map: 'it is not supported in contracts',
  area: 'it is not supported in contracts',
  marquee: 'it is not supported in contracts',
};

const ALLOWED_ATTRIBUTES = new Set(
  (
    'class id title lang dir style role hidden width height align valign bgcolor color face size ' +
    'border cellpadding cellspacing colspan rowspan scope headers abbr start reversed type value ' +
    'datetime alt src href nowrap span charset name content translate'
  ).split(' '),
);

/** Attributes that fetch something: named as problems, since the contractor meant something. */
const FETCHING_ATTRIBUTES = new Set([
  'srcset',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'ping',
  'longdesc',
  'xlink:href',
  'action',
  'formaction',
  'data',
]);

const SAFE_LINK = /^(?:https?:|mailto:|tel:|#)/i;

export interface PolicyOptions {
  /** The template's own source, with `{{tokens}}` still in it: tokens are checked when filled. */
  templateTokens: boolean;
  report: (problem: DocumentProblem) => void;
}

/** Applies the policy to a parsed document in place. */
export function applyHtmlPolicy(root: ParentNode, options: PolicyOptions): void {
  for (const child of [...root.childNodes]) visit(child, options);
}

function visit(node: ChildNode, options: PolicyOptions): void {
  if (node.nodeName === '#comment') return detach(node);
  if (!('tagName' in node)) return;
  const element = node;
  const tag = element.tagName.toLowerCase();
  const line = element.sourceCodeLocation?.startLine ?? 1;
  const inHtml = element.namespaceURI === html.NS.HTML;
  const removal = inHtml ? REMOVED_WITH_CONTENT[tag] : undefined;
  if (!inHtml || removal !== undefined) {
    options.report({
      line,
      message: `<${tag}> is removed: ${removal ?? 'it is not supported in contracts'}`,
    });
    return detach(element);
  }
  if (tag === 'meta' && !keepMeta(element, options)) return detach(element);
  if (tag === 'img' && !keepImage(element, options)) return detach(element);
  filterAttributes(element, tag, options);
  if (tag === 'style') filterStyleElement(element, options);
  else for (const child of [...element.childNodes]) visit(child, options);
  if (!ALLOWED_ELEMENTS.has(tag)) unwrap(element);
}

function keepMeta(element: Element, options: PolicyOptions): boolean {
  const name = attribute(element, 'name')?.toLowerCase();
  if (attribute(element, 'charset') !== undefined || name === 'viewport') return true;
  const httpEquiv = attribute(element, 'http-equiv');
  if (httpEquiv !== undefined) {
    options.report({
      line: element.sourceCodeLocation?.startLine ?? 1,
      message: `<meta http-equiv="${httpEquiv.slice(0, 40)}"> is removed: it is not allowed in contracts`,
    });
  }
  return false;
}

function keepImage(element: Element, options: PolicyOptions): boolean {
  const source = (attribute(element, 'src') ?? '').trim();
  if (DATA_IMAGE_URL.test(source)) return true;
  if (options.templateTokens && source.startsWith('{{')) return true;
  options.report({
    line: element.sourceCodeLocation?.startLine ?? 1,
    message:
      source === ''
        ? '<img> without an image is removed'
        : `<img src="${source.slice(0, 60)}"> loads an image from outside the contract: upload your logo in Settings → Branding, or use a data: image`,
  });
  return false;
}

function filterAttributes(element: Element, tag: string, options: PolicyOptions): void {
  element.attrs = element.attrs.filter(({ name, value }) => {
    const line = element.sourceCodeLocation?.attrs?.[name]?.startLine ?? 1;
    const report = (message: string) => options.report({ line, message });
    if (name.startsWith('on')) {
      report(`The ${name} attribute is removed: a contract cannot run code`);
      return false;
    }
    if (FETCHING_ATTRIBUTES.has(name)) {
      report(`The ${name} attribute loads a file from outside the contract: remove it`);
      return false;
    }
    if (name.startsWith('aria-')) return true;
    if (!ALLOWED_ATTRIBUTES.has(name)) return false;
    if (name === 'src') return tag === 'img';
    if (name === 'href') return tag === 'a' && keepLink(value, options, report);
    if (name === 'style') return keepStyleAttribute(element, value, line, options);
    return true;
  });
}

function keepLink(href: string, options: PolicyOptions, report: (message: string) => void) {
  // Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
  const plain = [...href].filter((character) => character > ' ').join('');
  if (SAFE_LINK.test(plain) || (options.templateTokens && plain.startsWith('{{'))) return true;
  report(`The link "${href.slice(0, 60)}" is removed: links may be web, mail or phone addresses`);
  return false;
}

function keepStyleAttribute(
  element: Element,
  value: string,
  line: number,
  options: PolicyOptions,
): boolean {
  const filtered = filterStyleAttribute(standInForTokens(value, options), {
    firstLine: line,
    templateTokens: options.templateTokens,
  });
  filtered.problems.forEach(options.report);
  const attr = element.attrs.find((candidate) => candidate.name === 'style');
  if (attr && !options.templateTokens) attr.value = filtered.css;
  return options.templateTokens || filtered.css !== '';
}

function filterStyleElement(element: Element, options: PolicyOptions): void {
  const text = element.childNodes
    .map((child) => (child.nodeName === '#text' ? (child as { value: string }).value : ''))
    .join('');
  const firstLine = element.childNodes[0]?.sourceCodeLocation?.startLine ?? 1;
  const filtered = filterStyleSheet(standInForTokens(text, options), {
    firstLine,
    templateTokens: options.templateTokens,
  });
  filtered.problems.forEach(options.report);
  for (const child of [...element.childNodes]) detach(child);
  if (!options.templateTokens) defaultTreeAdapter.insertText(element, filtered.css);
}

/** In a template, `{{...}}` inside CSS is a value to come: an identifier stands in for it. */
function standInForTokens(css: string, options: PolicyOptions): string {
  return options.templateTokens ? css.replace(/\{\{[^}]*\}\}/g, TEMPLATE_TOKEN_STAND_IN) : css;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function detach(node: ChildNode): void {
  defaultTreeAdapter.detachNode(node);
}

/** Replaces an element by its children, so its words stay in the contract. */
function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  for (const child of [...element.childNodes]) {
    defaultTreeAdapter.detachNode(child);
    defaultTreeAdapter.insertBefore(parent, child, element);
  }
  defaultTreeAdapter.detachNode(element);
}
