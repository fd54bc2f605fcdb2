import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { renderSignedCopyMail, type SignedCopyMailInput } from './signed-copy.js';

/** The signed copy of a contract two homeowners signed (issue 37), as each party reads it. */
const input: SignedCopyMailInput = {
  recipient: 'client',
  contractId: 12,
  companyName: 'Acme Builders',
  clientName: 'Jane Doe',
  signers: [
    { name: 'Jane Doe', signedAt: '2026-11-21T15:04:00.000Z' },
    { name: 'Ivan Doe', signedAt: '2026-11-22T18:30:00.000Z' },
  ],
  totalCents: 500_000,
  contractorSignedAt: '2026-11-20T09:30:00.000Z',
  clientSignedAt: '2026-11-22T18:30:00.000Z',
  copy: {
    filename: 'contract-12-executed.pdf',
    contentType: 'application/pdf',
    content: Buffer.from('%PDF-1.7'),
  },
};

describe('the signed copy of a contract several clients signed', () => {
  it('greets each signer by name and lists when every party signed', () => {
    const mail = renderSignedCopyMail({ ...input, readerName: 'Ivan Doe' });
    expect(mail.subject).toBe('Signed: Contract #12 with Acme Builders');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello Ivan Doe,');
      expect(part).toContain(
        'Your contract with Acme Builders is now signed by all parties: Jane Doe, Ivan Doe and Acme Builders.',
      );
      expect(part).not.toContain('both');
    }
    // The preheader, which inboxes show after the subject.
    expect(mail.html).toContain('Contract #12 is signed by all parties.');
    expect(mail.text).toContain('Signed by Acme Builders: November 20, 2026 at 9:30 AM UTC');
    expect(mail.text).toContain('Signed by Jane Doe: November 21, 2026 at 3:04 PM UTC');
    expect(mail.text).toContain('Signed by Ivan Doe: November 22, 2026 at 6:30 PM UTC');
  });

  it('tells the contractor every client signed, naming them all', () => {
    const mail = renderSignedCopyMail({ ...input, recipient: 'contractor' });
    expect(mail.subject).toBe('Signed: Contract #12 with Jane Doe and Ivan Doe');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(
        'Jane Doe and Ivan Doe have signed contract #12. It is now signed by all parties.',
      );
      expect(part).not.toContain('both');
      expect(part).not.toContain('Hello Jane Doe');
    }
  });

  it('says the same in Spanish, to a signer who reads Spanish', () => {
    const mail = renderSignedCopyMail({ ...input, readerName: 'Ivan Doe', language: 'es' });
    expect(mail.subject).toBe('Firmado: contrato n.º 12 con Acme Builders');
    expect(mail.text).toContain(
      'Su contrato con Acme Builders ya está firmado por todas las partes: Jane Doe, Ivan Doe y Acme Builders.',
    );
    expect(mail.text).toContain('Firmado por Ivan Doe:');
    expect(mail.text).not.toContain('ambas');
  });

  it('lists names as each language does', () => {
    const en = messagesFor('en').mail.signedCopy.severalSigners.names;
    const es = messagesFor('es').mail.signedCopy.severalSigners.names;
    expect(en(['Jane Doe'])).toBe('Jane Doe');
    expect(en(['Jane Doe', 'Ivan Doe', 'Sam Doe'])).toBe('Jane Doe, Ivan Doe and Sam Doe');
    expect(es(['Jane Doe', 'Sam Doe'])).toBe('Jane Doe y Sam Doe');
    expect(es(['Jane Doe', 'Isabel Doe'])).toBe('Jane Doe e Isabel Doe');
    expect(es(['Jane Doe', 'Sam Doe', 'Hilda Doe'])).toBe('Jane Doe, Sam Doe e Hilda Doe');
    // Not before a diphthong: "y Hielo", "y Iara".
    expect(es(['Jane Doe', 'Iara Doe'])).toBe('Jane Doe y Iara Doe');
  });

  it('reads as before for a contract one client signed', () => {
    const mail = renderSignedCopyMail({ ...input, recipient: 'contractor', signers: [] });
    expect(mail.subject).toBe('Signed: Contract #12 with Jane Doe');
    expect(mail.text).toContain(
      'Jane Doe has signed contract #12. It is now signed by both parties.',
    );
  });
});
