import { describe, expect, it } from 'vitest';
import {
  certificateInput,
  PAGES_SHA,
  SNAPSHOT_SHA,
  VERIFY_URL,
} from '../../../test/certificate-fixture.js';
import { renderCertificateHtml } from './index.js';

describe('signature certificate', () => {
  it('is a complete standalone document with print CSS and nothing to run or fetch', async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('@page { size: Letter; margin: 0.6in; }');
    expect(html).toContain('page-break-inside: avoid');
    expect(html).not.toMatch(/<script|<link|@import|url\(/i);
    // The only URLs in attributes are the data URLs and the verification link.
    const sources = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    for (const source of sources) {
      expect(source === VERIFY_URL || source?.startsWith('data:image/png;base64,')).toBe(true);
    }
  });

  it('states the contract, the parties, the total and the completion time', async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html).toContain('<h1>Signature Certificate</h1>');
    expect(html).not.toContain('Certificate of Completion');
    // The moment the last party signed, not the end of the work (issue 32).
    expect(html).toContain('<th>Signed by all parties</th>');
    expect(html).toContain('TradeSign');
    expect(html).toContain('Contract #12 — Kitchen Remodel Agreement');
    expect(html).toContain('Acme Builders');
    expect(html).toContain('Sam Carpenter');
    // An address may wrap only after its @ and before a dot.
    expect(html).toContain('sam@<wbr>acme<wbr>.example');
    expect(html).toContain('Jane Doe');
    expect(html).toContain('jane@<wbr>example<wbr>.com');
    expect(html).toContain('$12,345.67');
    expect(html).toContain('November 21, 2026 at 3:04 PM UTC');
  });

  it('falls back to the default title', async () => {
    const html = await renderCertificateHtml(certificateInput({ title: '  ' }));
    expect(html).toContain('Contract #12 — Home Improvement Contract');
  });

  it('records each signature: UTC and local times, IP, device, consent and image', async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html).toContain('November 20, 2026 at 9:30 AM UTC');
    expect(html).toContain('November 21, 2026 at 3:04 PM UTC');
    // Chicago is UTC-6 in November; newer ICU puts a narrow no-break space before AM.
    expect(html).toMatch(/November 21, 2026 at 9:04:05\sAM CST \(America\/Chicago\)/);
    expect(html).toContain('time zone not recorded');
    expect(html).toContain('203.0.113.7');
    expect(html).toContain('198.51.100.4');
    expect(html).toContain('Chrome/131.0.0.0 Safari/537.36');
    expect(html).toContain(
      'Consent to electronic records and signatures: given (notice version 2026-11-21)',
    );
    expect(html).toContain('Legal acknowledgment accepted (version 2026-10-01)');
    expect(
      html.match(/<img src="data:image\/png;base64,iVBOR[^"]*" alt="Signature of /g),
    ).toHaveLength(2);
    // The contractor's block comes first even though the client was listed first.
    expect(html.indexOf('Legal acknowledgment')).toBeLessThan(
      html.indexOf('Consent to electronic'),
    );
  });

  it('lists every event with a human name, the actor, IP and device', async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html).toContain('<th class="col-time">Time (UTC)</th>');
    for (const name of [
      'Draft created',
      'Sent to the client for signature',
      'Email delivered to the mail server',
      'Client agreed to sign electronically',
      'Signed by the client',
      'archived_by_robot',
    ]) {
      expect(html).toContain(`<td>${name}</td>`);
    }
    expect(html).toContain(
      '<td>November 20, 2026 at 9:31 AM UTC</td><td>Email delivered to the mail server</td><td>TradeSign</td>',
    );
  });

  it('prints both hashes, the verification URL and its QR code', async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html).toContain(
      `SHA-256 of the contract shown to the client: <code>${SNAPSHOT_SHA}</code>`,
    );
    expect(html).toContain(
      `SHA-256 of the contract pages of this document: <code>${PAGES_SHA}</code>`,
    );
    expect(html).toContain(`>${VERIFY_URL}</a>`);
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="QR code/);
    expect(html).toContain('drop this PDF on it to check that it is the genuine executed copy');
    expect(html).toContain('digitally sealed');
  });

  it('says the pages hash is computed at sealing when it is not known yet', async () => {
    const html = await renderCertificateHtml(certificateInput({ contractPagesSha256: null }));
    expect(html).toContain('SHA-256 of the contract pages of this document: computed at sealing');
  });

  it('escapes hostile values everywhere', async () => {
    const hostile = '<script>alert(1)</script>';
    const base = certificateInput();
    const html = await renderCertificateHtml({
      ...base,
      title: hostile,
      companyName: `Evil & Co "${hostile}"`,
      contractorName: hostile,
      clientName: hostile,
      clientEmail: `"><img src=x onerror=alert(1)>`,
      signers: base.signers.map((signer) => ({
        ...signer,
        name: hostile,
        ip: hostile,
        userAgent: hostile,
        consent: hostile,
        timeZone: hostile,
        signaturePng: 'javascript:alert(1)',
      })),
      events: base.events.map((event) => ({
        ...event,
        type: hostile,
        actor: hostile,
        ip: hostile,
        user_agent: hostile,
      })),
      snapshotSha256: hostile,
      contractPagesSha256: hostile,
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Evil &amp; Co');
    // A value that is not a PNG data URL is never put in an image.
    expect(html).not.toContain('src="javascript');
  });

  it('does not throw on an invalid time zone and says it was not recorded', async () => {
    const base = certificateInput();
    const html = await renderCertificateHtml({
      ...base,
      signers: base.signers.map((signer) => ({ ...signer, timeZone: 'Mars/Olympus_Mons' })),
    });
    expect(html.match(/time zone not recorded/g)).toHaveLength(2);
  });
});
