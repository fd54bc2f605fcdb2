import { describe, expect, it } from 'vitest';
import type { EsignAnswer } from '../../../domain/esign.schemas.js';
import { renderNoScriptSigningPage } from './no-script.js';

/** The signing page's copy for browsers without JavaScript (issue 20). */
const signable: EsignAnswer = {
  id: 7,
  status: 'sent',
  created_at: '2026-11-25T10:00:00.000Z',
  total_price_cents: 123_456,
  client_name: 'Ana <b>Ruiz</b>',
  company_name: 'Rock & Roll Pavers',
  company_phone: '5551234567',
  company_email: 'office@pavers.example',
  template_html: '<html><body><p title="x">Scope "one"</p><script>alert(1)</script></body></html>',
  client_signed_at: null,
  my_signed_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-12-25T10:00:00.000Z',
  consent_version: '2026-11-21',
  executed_pdf: false,
};

describe('the no-script signing page', () => {
  it('holds the banner, the whole contract in a sandboxed frame, and the consent text', () => {
    const html = renderNoScriptSigningPage(signable, 'tok');
    expect(html.startsWith('<noscript>')).toBe(true);
    expect(html).toContain('Rock &amp; Roll Pavers · Contract #7');
    expect(html).toContain('Prepared for Ana &lt;b&gt;Ruiz&lt;/b&gt;');
    expect(html).toContain('Total: <strong>$1,234.56</strong>');
    expect(html).toContain('<a href="tel:5551234567">(555) 123-4567</a>');
    expect(html).toContain('Signing needs JavaScript.');
    expect(html).toContain('Read the full disclosure');
    // The document rides escaped in srcdoc: it cannot close the attribute or reach the page.
    const frame = /<iframe [^>]*srcdoc="([^"]*)"><\/iframe>/.exec(html);
    expect(frame?.[0]).toContain('sandbox=""');
    expect(frame?.[1]).toContain('&lt;script&gt;');
    expect(frame?.[1]).toContain('&quot;one&quot;');
  });

  it('offers the signed copy once it exists, and no consent to give again', () => {
    const html = renderNoScriptSigningPage(
      { ...signable, status: 'completed', executed_pdf: true },
      'abc_DEF-1',
    );
    expect(html).toContain('Contract Signed!');
    expect(html).toContain('href="/api/esign/abc_DEF-1/executed.pdf"');
    expect(html).not.toContain('Signing needs JavaScript.');
    expect(html).not.toContain('Read the full disclosure');
  });

  it("says a dead link is one, in the spec's words", () => {
    const html = renderNoScriptSigningPage(null, 'gone');
    expect(html).toContain('Invalid or Expired Link');
    expect(html).toContain(
      'This signature link is no longer valid. Please contact the sender for a new link.',
    );
    expect(html).not.toContain('<iframe');
  });

  it('names a withdrawal and its reason, escaped', () => {
    const html = renderNoScriptSigningPage(
      {
        id: 7,
        status: 'voided',
        company_name: 'Rock & Roll Pavers',
        company_phone: null,
        company_email: null,
        closed_at: '2026-11-26T10:00:00.000Z',
        closed_reason: 'Price <changed>',
      },
      'tok',
    );
    expect(html).toContain('Contract Withdrawn');
    expect(html).toContain('Reason: Price &lt;changed&gt;');
  });
});
