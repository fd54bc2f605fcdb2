import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { freezeContractDocument } from '../../../domain/contract-document/index.js';
import { inlineContractMarkup } from './inline-document.js';

/** Issue 31: the copy of the frozen document that flows in the page without JavaScript. */
const frozen = freezeContractDocument(`<!doctype html><html lang="es"><head>
<style>html { font-size: 15px } body { margin: 0; padding: 24px 16px } :root { color: #111 }
body > .contract p, .phone { white-space: nowrap } .quote::before { content: "<" }</style>
</head><body class="letter"><div class="contract"><h1>Contrato</h1>
<p>Teléfono: <span class="phone">(555) 201-3344</span> &amp; "comillas" &lt;b&gt;</p>
<style>body p { color: #222 }</style></div></body></html>`);

/** The words a reader gets, runs of white space made one. */
function words(markup: string): string {
  const text = (node: ChildNode): string => {
    if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
    if (node.nodeName === 'style' || !('childNodes' in node)) return '';
    return node.childNodes.map(text).join('');
  };
  return parseFragment(markup).childNodes.map(text).join('').replace(/\s+/g, ' ').trim();
}
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

describe('the contract inline, for a browser without JavaScript', () => {
  const markup = inlineContractMarkup(frozen) ?? '';

  it('says what the frozen document says, with its elements and attributes', () => {
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(frozen)?.[1] ?? '';
    expect(words(markup)).toBe(words(body));
    expect(markup).toContain('<h1>Contrato</h1>');
    expect(markup).toContain('<span class="phone">(555) 201-3344</span>');
    expect(markup).toContain('<contract-html lang="es"><contract-body class="letter">');
    // The document's policy, title and head are not part of what is shown.
    expect(markup).not.toContain('Content-Security-Policy');
    expect(markup).not.toMatch(/<(html|head|body|meta)\b/);
  });

  it("points the document's root and body rules at their stand-ins, wherever its styles are", () => {
    expect(markup).toContain('contract-html{font-size:15px}');
    expect(markup).toContain('contract-body{margin:0;padding:24px 16px}');
    expect(markup).toContain('contract-html{color:#111}');
    expect(markup).toContain('contract-body>.contract p,.phone{white-space:nowrap}');
    expect(markup).toContain('contract-body p{color:#222}');
    // A frame's defaults come first, so the document's own rules win over them.
    expect(markup.indexOf(':host{all:initial')).toBeLessThan(markup.indexOf('font-size:15px'));
  });

  it('never lets a style sheet end its element early', () => {
    const sheets = [...markup.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(sheets).toHaveLength(3);
    for (const sheet of sheets) expect(sheet).not.toContain('<');
  });

  it('never ends the <noscript> that carries it, or gives way to the frame', () => {
    const inAttribute = inlineContractMarkup(
      freezeContractDocument(
        '<p title="</noscript><style>.consent{display:none}</style>">Terms</p>',
      ),
    );
    expect(inAttribute).toContain('<p title="&lt;/noscript&gt;');
    // A comment keeps its text as it is; the policy drops comments, and a stored document that
    // kept one is not carried inline.
    const inComment =
      '<!DOCTYPE html><html><head></head><body><!--</noscript><style>.consent{display:none}</style>--><p>Terms</p></body></html>';
    expect(inlineContractMarkup(inComment)).toBeNull();
  });
});
