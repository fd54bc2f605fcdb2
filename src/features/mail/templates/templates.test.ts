import { describe, expect, it } from 'vitest';
import { renderSignedCopyMail, renderSigningRequestMail } from './index.js';
import { longDateTime } from './render.js';

const LINK = 'https://contracts.example.com/esign/AbC_dEf-123';

const signingInput = {
  company: {
    name: 'Acme Builders',
    phone: '(555) 010-2030',
    email: 'office@acme.example',
    logoUrl: 'https://contracts.example.com/api/logos/abc',
  },
  client: { name: 'Jane Doe', email: 'jane@example.com' },
  contract: {
    id: 12,
    totalCents: 1_234_567,
    projectAddress: '12 Oak St\nSpringfield',
    stageCount: 3,
  },
  link: LINK,
  expiresAt: '2026-11-21T15:04:05.000Z',
};

describe('signing request mail', () => {
  it('has the subject, greeting, summary, button, expiry and contacts in both parts', () => {
    const mail = renderSigningRequestMail(signingInput);
    expect(mail.subject).toBe('Acme Builders sent you a contract to sign');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello Jane Doe,');
      expect(part).toContain('has sent you a contract to review and sign');
      expect(part).toContain('#12');
      expect(part).toContain('12 Oak St, Springfield');
      expect(part).toContain('$12,345.67');
      expect(part).toContain('3 stages');
      expect(part).toContain('This secure link expires on');
      expect(part).toContain('November 21, 2026');
      expect(part).toContain('(555) 010-2030');
      expect(part).toContain('office@acme.example');
      expect(part).toContain(LINK);
    }
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('<img src="https://contracts.example.com/api/logos/abc"');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<script|<link|<style/i);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toContain('Acme Builders has sent you a contract to review and sign.');
    expect(mail.html).toContain('<strong>Acme Builders</strong> has sent you a contract');
    // A plain text line per summary item.
    expect(mail.text).toContain('Total: $12,345.67\n');
  });

  it('escapes user data in the HTML and keeps it readable in the text part', () => {
    const mail = renderSigningRequestMail({
      ...signingInput,
      company: { ...signingInput.company, name: 'Evil & Co "quoted"' },
      client: { name: '<script>alert(1)</script>', email: 'x@example.com' },
      contract: { ...signingInput.contract, projectAddress: '<img src=x onerror=alert(1)>' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Evil &amp; Co &quot;quoted&quot;');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    expect(mail.text).toContain('Evil & Co "quoted" has sent you');
  });

  it('keeps CR and LF out of the subject', () => {
    const mail = renderSigningRequestMail({
      ...signingInput,
      company: { ...signingInput.company, name: 'Acme\r\nBcc: victim@example.com' },
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Acme Bcc: victim@example.com sent you a contract to sign');
  });

  it('leaves out what is missing and ignores a logo that is not an http(s) URL', () => {
    const mail = renderSigningRequestMail({
      ...signingInput,
      company: { name: 'Solo', phone: null, email: null, logoUrl: 'javascript:alert(1)' },
      client: { name: '  ', email: 'x@example.com' },
      contract: { ...signingInput.contract, projectAddress: null, stageCount: 1 },
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('Hello,\n');
    expect(mail.text).toContain('1 stage\n');
    expect(mail.text).not.toContain('Project address');
    expect(mail.text).not.toContain('Phone:');
  });
});

describe('signed copy mail', () => {
  const input = {
    recipient: 'client' as const,
    contractId: 12,
    companyName: 'Acme Builders',
    clientName: 'Jane <Doe>',
    totalCents: 500_000,
    contractorSignedAt: '2026-11-20T09:30:00.000Z',
    clientSignedAt: '2026-11-21T15:04:05.000Z',
    copy: {
      filename: 'contract-12-signed.html',
      contentType: 'text/html; charset=utf-8',
      content: '<!DOCTYPE html><p>Executed</p>',
    },
  };

  it('tells the client the contract is signed and attaches the signed copy', () => {
    const mail = renderSignedCopyMail(input);
    expect(mail.subject).toBe('Signed: Contract #12 with Acme Builders');
    // The client reads the state as "signed by all parties", not "completed" (issue 32).
    expect(mail.text).toContain('Signed by all parties.\n');
    expect(mail.html).toContain('>Signed by all parties</h1>');
    expect(mail.html).toContain('Contract #12 is signed by all parties.');
    expect(mail.text).not.toContain('The contract is signed');
    expect(mail.text).toContain('Signed by Acme Builders: November 20, 2026 at 9:30 AM UTC');
    expect(mail.text).toContain('Signed by Jane <Doe>: November 21, 2026 at 3:04 PM UTC');
    expect(mail.html).toContain('Signed by Jane &lt;Doe&gt;');
    expect(mail.html).not.toContain('Jane <Doe>');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('$5,000.00');
      expect(part).toContain('The signed copy is attached');
      expect(part).toContain('contract-12-signed.html');
    }
    expect(mail.attachments).toEqual([input.copy]);
  });

  it('names the sealed PDF it carries, not an HTML file', () => {
    const pdf = {
      filename: 'contract-12-executed.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('%PDF-1.7'),
    };
    const mail = renderSignedCopyMail({ ...input, copy: pdf });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('The signed copy is attached');
      expect(part).toContain('contract-12-executed.pdf');
      expect(part).not.toContain('.html');
    }
    expect(mail.attachments).toEqual([pdf]);
  });

  it("names the client in the contractor's copy", () => {
    const mail = renderSignedCopyMail({
      ...input,
      recipient: 'contractor',
      clientName: 'Jane\nDoe',
    });
    expect(mail.subject).toBe('Signed: Contract #12 with Jane Doe');
    expect(mail.text).toContain('has signed contract #12');
    expect(mail.text).not.toContain('Questions?');
    // The contractor's own words are unchanged: only the client's say "all parties".
    expect(mail.html).toContain('>The contract is signed</h1>');
  });

  it('prints times in UTC, long format', () => {
    expect(longDateTime('2026-01-05T00:07:00Z')).toBe('January 5, 2026 at 12:07 AM UTC');
    expect(longDateTime('2026-07-04T12:00:00Z')).toBe('July 4, 2026 at 12:00 PM UTC');
  });
});
