/**
 * One contract document, shown, hashed and printed (docs/decisions/016). Pure and isomorphic: the
 * server freezes the document a client signs with this code, and the editor and the wizard
 * preview run the same code, so no view of a contract can differ from another.
 */
import { defaultTreeAdapter, html, parse, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { applyHtmlPolicy } from './html-policy.js';
import type { DocumentProblem } from './problems.js';

export type { DocumentProblem } from './problems.js';

/**
 * Carried at the top of every contract document, so that whoever shows it (the signing page, the
 * preview, a mailed HTML copy opened in a mail program or an archive viewer) fetches nothing and
 * runs nothing.
 */
export const CONTRACT_DOCUMENT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

// A sandboxed frame and a printer with JavaScript off both parse with scripting disabled.
const PARSE_OPTIONS = { scriptingEnabled: false } as const;

/**
 * The document a client is shown and signs: the rendered template reduced to the policy, with
 * the no-network policy at its top. Applying it again changes nothing, so it is safe to apply to
 * documents frozen before the policy existed when they are shown.
 */
export function freezeContractDocument(renderedHtml: string): string {
  const document = parse(renderedHtml, PARSE_OPTIONS);
  applyHtmlPolicy(document, { templateTokens: false, report: () => undefined });
  ensureDoctype(document);
  const head = findElement(document, 'head');
  if (head) {
    const meta = defaultTreeAdapter.createElement('meta', html.NS.HTML, [
      { name: 'http-equiv', value: 'Content-Security-Policy' },
      { name: 'content', value: CONTRACT_DOCUMENT_CSP },
    ]);
    const first = head.childNodes[0];
    if (first) defaultTreeAdapter.insertBefore(head, meta, first);
    else defaultTreeAdapter.appendChild(head, meta);
  }
  return serialize(document);
}

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CONTRACT_DOCUMENT_CSP}">`;
const FROZEN_START = /^<!DOCTYPE html><html(?: [^>]*)?><head>/;

/**
 * A stored contract document as it is shown: one frozen under the policy as it is (no work on
 * the signing page's hot path), one frozen before the policy existed brought under it. A document
 * that merely starts like a frozen one still carries this exact no-network policy and is shown in
 * a sandboxed frame; the printer always applies the whole policy (docs/decisions/016).
 */
export function documentForDisplay(stored: string): string {
  const head = FROZEN_START.exec(stored);
  if (head && stored.startsWith(CSP_META, head[0].length)) return stored;
  return freezeContractDocument(stored);
}

/**
 * What the policy would remove from a template, each on its line, for the editor and for the
 * check on save. `{{tokens}}` are left for the check at send, when they are filled in.
 */
export function inspectContractTemplate(source: string): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const document = parse(source, { ...PARSE_OPTIONS, sourceCodeLocationInfo: true });
  applyHtmlPolicy(document, { templateTokens: true, report: (problem) => problems.push(problem) });
  return problems.sort((a, b) => a.line - b.line);
}

/**
 * The document's own title, as the client read it: the words of its first `<h1>`, with runs of
 * white space made one. Null when it has none; the certificate then names it in its language.
 */
export function documentTitle(documentHtml: string): string | null {
  const heading = findElement(parse(documentHtml, PARSE_OPTIONS), 'h1');
  const words = heading ? textOf(heading).replace(/\s+/g, ' ').trim() : '';
  return words === '' ? null : words;
}

function textOf(node: DefaultTreeAdapterTypes.ChildNode): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textOf).join('');
}

/** Always `<!DOCTYPE html>` first: every viewer lays the contract out in standards mode. */
function ensureDoctype(document: DefaultTreeAdapterTypes.Document): void {
  for (const node of [...document.childNodes]) {
    if (node.nodeName === '#documentType') defaultTreeAdapter.detachNode(node);
  }
  defaultTreeAdapter.setDocumentType(document, 'html', '', '');
  const doctype = document.childNodes.pop();
  if (doctype) document.childNodes.unshift(doctype);
}

function findElement(
  node: DefaultTreeAdapterTypes.ParentNode,
  tagName: string,
): DefaultTreeAdapterTypes.Element | undefined {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.tagName === tagName) return child;
    const found = findElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}
