import { describe, expect, it } from 'vitest';
import {
  renderDeclinedNoticeMail,
  renderSigningRequestMail,
  renderViewedAlertMail,
  renderWithdrawnNoticeMail,
} from './index.js';

const CONTRACT_URL = 'https://contracts.example.com/contracts/12';
const SETTINGS_URL = 'https://contracts.example.com/settings/reminders';
const LINK = 'https://contracts.example.com/esign/AbC_dEf-123';
const AT = '2026-11-21T15:04:05.000Z';

const company = {
  name: 'Acme Builders',
  phone: '(555) 010-2030',
  email: 'office@acme.example',
  logoUrl: 'https://contracts.example.com/api/logos/abc',
};

const signingInput = {
  company,
  client: { name: 'Jane Doe', email: 'jane@example.com' },
  contract: { id: 12, totalCents: 1_234_567, projectAddress: '12 Oak St', stageCount: 3 },
  link: LINK,
  expiresAt: AT,
};

/** What every part of every mail here must hold to. */
function expectWellFormed(mail: { subject: string; html: string; text: string }) {
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text).not.toMatch(/<[a-z/]/i);
  expect(mail.html).toContain('max-width:600px');
  expect(mail.html).not.toMatch(/<script|<link|<style/i);
}

describe('signing request variants', () => {
  it("renders 'request' as before, whether given or left out", () => {
    const before = renderSigningRequestMail(signingInput);
    const explicit = renderSigningRequestMail({ ...signingInput, variant: 'request' });
    expect(before.subject).toBe('Acme Builders sent you a contract to sign');
    expect(explicit).toEqual(before);
    expect(before.text).toContain('Acme Builders has sent you a contract to review and sign.');
    expect(before.html).toContain(
      '<p style="margin:0 0 24px 0;"><strong>Acme Builders</strong> has sent you a contract to review and sign.</p>',
    );
    expect(before.html).toContain('Review and sign contract #12 by November 21, 2026.');
  });

  it('reminds the client, with the same summary, button, expiry and contacts', () => {
    const mail = renderSigningRequestMail({ ...signingInput, variant: 'reminder' });
    expect(mail.subject).toBe('Reminder: Acme Builders is waiting for your signature');
    expect(mail.html).toContain(
      'This is a friendly reminder: <strong>Acme Builders</strong> sent you a contract that is still waiting for your signature.',
    );
    expect(mail.text).toContain(
      'This is a friendly reminder: Acme Builders sent you a contract that is still waiting for your signature.',
    );
    expect(mail.html).toContain(
      'Contract #12 is waiting for your signature until November 21, 2026.',
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello Jane Doe,');
      expect(part).toContain('$12,345.67');
      expect(part).toContain('Review and sign the contract');
      expect(part).toContain('This secure link expires on');
      expect(part).toContain('(555) 010-2030');
      expect(part).toContain(LINK);
      expect(part).not.toContain('has sent you a contract to review and sign');
    }
    expect(mail.html).toContain(`href="${LINK}"`);
    expectWellFormed(mail);
  });

  it('announces a new link', () => {
    const mail = renderSigningRequestMail({ ...signingInput, variant: 'new-link' });
    expect(mail.subject).toBe('Acme Builders sent you a new link to sign your contract');
    expect(mail.html).toContain(
      '<strong>Acme Builders</strong> has sent you a new link to review and sign your contract.',
    );
    expect(mail.text).toContain(
      'Acme Builders has sent you a new link to review and sign your contract.',
    );
    expect(mail.html).toContain('Review and sign contract #12 by November 21, 2026.');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('$12,345.67');
      expect(part).toContain('This secure link expires on');
      expect(part).toContain('office@acme.example');
      expect(part).toContain(LINK);
    }
    expectWellFormed(mail);
  });

  it('escapes the company name in every variant and keeps CR/LF out of the subject', () => {
    for (const variant of ['request', 'reminder', 'new-link'] as const) {
      const mail = renderSigningRequestMail({
        ...signingInput,
        variant,
        company: { ...company, name: '<script>x</script>\r\nBcc: victim@example.com' },
      });
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain('<script>x</script> Bcc: victim@example.com');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('<strong>&lt;script&gt;x&lt;/script&gt;');
    }
  });
});

describe('viewed alert mail', () => {
  const input = {
    clientName: 'Dana Homeowner',
    contractId: 12,
    openedAt: AT,
    contractUrl: CONTRACT_URL,
    settingsUrl: SETTINGS_URL,
  };

  it('tells the contractor who opened which contract, with the button and the settings link', () => {
    const mail = renderViewedAlertMail(input);
    expect(mail.subject).toBe('Dana Homeowner opened Contract #12');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello,');
      expect(part).toContain(
        'Dana Homeowner opened Contract #12 on November 21, 2026 at 3:04 PM UTC.',
      );
      expect(part).toContain('You will get an email when they sign or decline.');
      expect(part).toContain('View Contract #12');
      expect(part).toContain('You get this email the first time a client opens a contract.');
      expect(part).toContain(CONTRACT_URL);
      expect(part).toContain(SETTINGS_URL);
      // The contractor's own contacts are of no use to them.
      expect(part).not.toContain('Questions?');
    }
    // TradeSign speaks, not the contractor's company.
    expect(mail.html).toContain('font-weight:bold;color:#111827;">TradeSign</div>');
    expect(mail.html).toContain(`href="${CONTRACT_URL}"`);
    expect(mail.html).toContain(`href="${SETTINGS_URL}"`);
    expect(mail.html).toContain('Settings, Reminders &amp; alerts:');
    expect(mail.text).toContain(`Settings, Reminders & alerts:\n${SETTINGS_URL}\n`);
    expect(mail.text).toContain(`View Contract #12:\n${CONTRACT_URL}\n`);
    expectWellFormed(mail);
  });

  it("says 'Your client' without a name", () => {
    for (const clientName of [null, '   ']) {
      const mail = renderViewedAlertMail({ ...input, clientName });
      expect(mail.subject).toBe('Your client opened Contract #12');
      expect(mail.text).toContain('Your client opened Contract #12 on');
    }
  });

  it('escapes the client name in the HTML and keeps CR/LF out of the subject', () => {
    const mail = renderViewedAlertMail({
      ...input,
      clientName: '<script>alert(1)</script>\r\nBcc: victim@example.com',
    });
    expect(mail.subject).toBe(
      '<script>alert(1)</script> Bcc: victim@example.com opened Contract #12',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script> Bcc: victim@example.com opened');
  });
});

describe('declined notice mail', () => {
  const input = {
    clientName: 'Dana Homeowner',
    contractId: 12,
    reason: 'The price is higher than we agreed.',
    declinedAt: AT,
    contractUrl: CONTRACT_URL,
  };

  it('tells the contractor who declined, why, and where to revise', () => {
    const mail = renderDeclinedNoticeMail(input);
    expect(mail.subject).toBe('Dana Homeowner declined Contract #12');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(
        'Dana Homeowner declined Contract #12 on November 21, 2026 at 3:04 PM UTC.',
      );
      expect(part).toContain('Their reason:');
      expect(part).toContain('You can revise the contract and send it again from its page.');
      expect(part).toContain('Open Contract #12');
      expect(part).toContain(CONTRACT_URL);
      expect(part).not.toContain('Questions?');
    }
    expect(mail.html).toContain('font-weight:bold;color:#111827;">TradeSign</div>');
    expect(mail.html).toContain(`href="${CONTRACT_URL}"`);
    expect(mail.html).toMatch(/border-left:[^"]*">\nThe price is higher than we agreed\.\n<\/div>/);
    expect(mail.text).toContain('Their reason:\n\n> The price is higher than we agreed.\n');
    expectWellFormed(mail);
  });

  it('keeps the lines of a multi-line reason in both parts', () => {
    const mail = renderDeclinedNoticeMail({
      ...input,
      reason: 'Two things:\r\n- the price\n\n- the start date\r',
    });
    expect(mail.html).toContain('Two things:<br>\n- the price<br>\n<br>\n- the start date\n</div>');
    expect(mail.text).toContain('> Two things:\n> - the price\n>\n> - the start date\n');
    expect(mail.text).not.toContain('\r');
  });

  it('escapes the reason and the client name in the HTML', () => {
    const mail = renderDeclinedNoticeMail({
      ...input,
      clientName: '<script>alert(1)</script>\nBcc: victim@example.com',
      reason: '<script>alert(2)</script>\n<img src=x onerror=alert(3)> & "more"',
    });
    expect(mail.subject).toBe(
      '<script>alert(1)</script> Bcc: victim@example.com declined Contract #12',
    );
    expect(mail.html).not.toMatch(/<script|<img src=x/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;<br>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(3)&gt; &amp; &quot;more&quot;');
    expect(mail.text).toContain(
      '> <script>alert(2)</script>\n> <img src=x onerror=alert(3)> & "more"',
    );
  });

  it("says 'Your client' without a name", () => {
    const mail = renderDeclinedNoticeMail({ ...input, clientName: null });
    expect(mail.subject).toBe('Your client declined Contract #12');
    expect(mail.html).toContain('Your client declined Contract #12 on');
  });
});

describe('withdrawn notice mail', () => {
  const input = {
    company,
    client: { name: 'Jane Doe', email: 'jane@example.com' },
    contractId: 12,
    reason: 'We found a mistake in the price.',
    withdrawnAt: AT,
  };

  it('tells the client, in the company brand, that the contract is withdrawn and why', () => {
    const mail = renderWithdrawnNoticeMail(input);
    expect(mail.subject).toBe('Acme Builders withdrew contract #12');
    const sentence =
      'has withdrawn contract #12, which they sent you for signature, on November 21, 2026. Its signing link no longer works, and there is nothing you need to do.';
    expect(mail.html).toContain(`<strong>Acme Builders</strong> ${sentence}`);
    expect(mail.text).toContain(`Acme Builders ${sentence}`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello Jane Doe,');
      expect(part).toContain('Their reason:');
      expect(part).toContain('We found a mistake in the price.');
      expect(part).toContain('If you have questions, contact them below.');
      expect(part).toContain('Questions? Contact');
      expect(part).toContain('(555) 010-2030');
      expect(part).toContain('office@acme.example');
    }
    expect(mail.html).toContain('<img src="https://contracts.example.com/api/logos/abc"');
    expect(mail.html).toContain('href="mailto:office@acme.example"');
    expect(mail.text).toContain('Their reason:\n\n> We found a mistake in the price.\n');
    // The link is dead: the mail offers none.
    expect(mail.html).not.toContain('/esign/');
    expectWellFormed(mail);
  });

  it('keeps the lines of a multi-line reason in both parts', () => {
    const mail = renderWithdrawnNoticeMail({
      ...input,
      reason: 'Price error.\r\nA corrected contract follows.',
    });
    expect(mail.html).toContain('Price error.<br>\nA corrected contract follows.\n</div>');
    expect(mail.text).toContain('> Price error.\n> A corrected contract follows.\n');
  });

  it('escapes the reason and the company name in the HTML and keeps CR/LF out of the subject', () => {
    const mail = renderWithdrawnNoticeMail({
      ...input,
      company: { ...company, name: 'Evil & Co\r\nBcc: victim@example.com' },
      client: { name: '<b>Jane</b>', email: 'jane@example.com' },
      reason: '<script>alert(1)</script>',
    });
    expect(mail.subject).toBe('Evil & Co Bcc: victim@example.com withdrew contract #12');
    expect(mail.html).not.toMatch(/<script|<b>Jane/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hello &lt;b&gt;Jane&lt;/b&gt;,');
    expect(mail.html).toContain('<strong>Evil &amp; Co');
    expect(mail.text).toContain('> <script>alert(1)</script>\n');
  });
});
