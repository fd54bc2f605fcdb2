import type { CssNode } from 'css-tree';
import generateCss from 'css-tree/generator';
import parseCss from 'css-tree/parser';
import walkCss from 'css-tree/walker';
import { defaultTreeAdapter, html, parse, serialize, type DefaultTreeAdapterTypes } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * Stand-ins for the document's own `<html>` and `<body>`, which a shadow root cannot hold: its
 * style rules for those elements are pointed at these, with the same weight (a type selector).
 */
const ROOT_TAG = 'contract-html';
const BODY_TAG = 'contract-body';

/**
 * What a frame gives a document before its own styles: the browser's defaults (not the page's
 * font and colours), and a body's 8 px margin. The box around it is the page's
 * (`.contract-inline` in web/src/signing/signing-page.css) and wins over `:host`; the border is
 * drawn here so that a browser that cannot attach the shadow root shows no empty box.
 */
const FRAME_DEFAULTS =
  ':host{all:initial;display:block;border:1px solid #ced4da;border-radius:8px;background:#fff}' +
  `${ROOT_TAG},${BODY_TAG}{display:block}${BODY_TAG}{margin:8px}`;

/**
 * The contract for a browser without JavaScript (issue 31, docs/decisions/035): the frozen
 * document's styles and body, to be the content of a declarative shadow root in the page, so that
 * it flows in the page as the JavaScript-sized frame does. A frame cannot grow to its document
 * without script; a shadow root can, and still keeps the document's styles and the page's apart.
 * Its words, elements and attributes are the frozen document's, serialized again; its style rules
 * are the document's, with `html`, `body` and `:root` pointed at the stand-ins.
 *
 * Null when the copy cannot be carried safely inside the page's `<noscript>` (a browser running
 * script reads that element as raw text up to the first `</noscript`, which an attribute value
 * could hold): the page then shows the frame, which scrolls inside, as before.
 */
export function inlineContractMarkup(documentHtml: string): string | null {
  const known = recentCopies.get(documentHtml);
  if (known !== undefined) return known;
  const markup = inlineCopyOf(documentHtml);
  // A copy costs a few milliseconds of parsing; the page of one contract is opened again and
  // again (a reload, a language switch, the benchmark), so the newest few are kept.
  if (recentCopies.size >= RECENT_COPIES) recentCopies.delete(recentCopies.keys().next().value!);
  recentCopies.set(documentHtml, markup);
  return markup;
}

/** Documents to their inline copies, oldest first; a copy depends on its document alone. */
const recentCopies = new Map<string, string | null>();
const RECENT_COPIES = 32;

function inlineCopyOf(documentHtml: string): string | null {
  const document = parse(documentHtml, { scriptingEnabled: false });
  const root = childElement(document, 'html');
  const head = root && childElement(root, 'head');
  const body = root && childElement(root, 'body');
  if (!root || !head || !body) return null;

  const fragment = defaultTreeAdapter.createDocumentFragment();
  const append = (node: ChildNode) => {
    defaultTreeAdapter.detachNode(node);
    defaultTreeAdapter.appendChild(fragment, node);
  };
  append(styleElement(FRAME_DEFAULTS));
  for (const style of head.childNodes.filter(isStyle)) append(withScopedRules(style));
  const rootStandIn = standIn(ROOT_TAG, root);
  const bodyStandIn = standIn(BODY_TAG, body);
  defaultTreeAdapter.appendChild(rootStandIn, bodyStandIn);
  for (const child of [...body.childNodes]) {
    defaultTreeAdapter.detachNode(child);
    defaultTreeAdapter.appendChild(bodyStandIn, child);
  }
  for (const style of descendants(bodyStandIn).filter(isStyle)) withScopedRules(style);
  append(rootStandIn);

  const markup = serialize(fragment);
  return /<\/noscript/i.test(markup) ? null : markup;
}

function withScopedRules(style: Element): Element {
  const text = style.childNodes[0];
  if (text?.nodeName === '#text') {
    const node = text as DefaultTreeAdapterTypes.TextNode;
    node.value = scopedStyleSheet(node.value);
  }
  return style;
}

/** The document's style sheet with its root and body selectors pointed at the stand-ins. */
function scopedStyleSheet(css: string): string {
  let ast: CssNode;
  try {
    ast = parseCss(css, { parseCustomProperty: false });
  } catch {
    // The frozen document's sheet was rebuilt by the same parser; this is never reached.
    return '';
  }
  walkCss(ast, (node) => {
    if (node.type === 'TypeSelector') {
      const name = node.name.toLowerCase();
      if (name === 'html') node.name = ROOT_TAG;
      else if (name === 'body') node.name = BODY_TAG;
    } else if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'root') {
      // A type selector weighs less than `:root` did; it only matters against a rule with a
      // class on the root element, which a contract has no reason to write.
      Object.assign(node, { type: 'TypeSelector', name: ROOT_TAG, children: null });
    }
  });
  // As the document policy does: `<` never leaves as itself, so the text cannot end its element.
  return generateCss(ast).replace(/</g, '\\3c ');
}

function standIn(tagName: string, original: Element): Element {
  return defaultTreeAdapter.createElement(tagName, html.NS.HTML, original.attrs);
}

function styleElement(css: string): Element {
  const style = defaultTreeAdapter.createElement('style', html.NS.HTML, []);
  defaultTreeAdapter.insertText(style, css);
  return style;
}

function isStyle(node: ChildNode): node is Element {
  return 'tagName' in node && node.tagName === 'style';
}

function childElement(parent: DefaultTreeAdapterTypes.ParentNode, tagName: string) {
  return parent.childNodes.find(
    (child): child is Element => 'tagName' in child && child.tagName === tagName,
  );
}

function descendants(parent: Element): ChildNode[] {
  return parent.childNodes.flatMap((child) =>
    'childNodes' in child ? [child, ...descendants(child)] : [child],
  );
}
