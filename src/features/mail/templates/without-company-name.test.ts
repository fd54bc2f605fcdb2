import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../../domain/dates.js';
import type { Language } from '../../../domain/i18n/languages.js';
import {
  renderSignedCopyMail,
  renderSigningRequestMail,
  renderWithdrawnNoticeMail,
  type RenderedMail,
} from './index.js';

/**
 * A contract whose company has no name on file: the mail says "your contractor" instead, with a
 * capital only where it starts a sentence (and after a subject line's colon in English, as in
 * "Signed: Contract #12"), never in the middle of one.
 */

const company = { name: null, phone: '(555) 010-2030', email: null, logoUrl: null };

function signingRequest(language: Language, variant: 'request' | 'reminder' | 'new-link') {
  return renderSigningRequestMail({
    company,
    client: { name: 'Ana López', email: 'ana@example.com' },
    contract: { id: 12, totalCents: 500_000, projectAddress: null, stageCount: 2 },
    link: 'https://contracts.example.com/esign/AbC',
    expiresAt: '2026-11-25T15:04:05.000Z',
    variant,
    language,
  });
}

function signedCopy(language: Language, recipient: 'client' | 'contractor' = 'client') {
  return renderSignedCopyMail({
    recipient,
    contractId: 12,
    companyName: '  ',
    clientName: 'Ana López',
    totalCents: 500_000,
    contractorSignedAt: '2026-11-20T13:30:00.000Z',
    clientSignedAt: '2026-11-21T15:04:05.000Z',
    copy: { filename: 'contract-12-signed.pdf', contentType: 'application/pdf', content: 'x' },
    companyPhone: '(555) 010-2030',
    language,
  });
}

function withdrawn(language: Language) {
  return renderWithdrawnNoticeMail({
    company,
    client: { name: 'Ana López', email: 'ana@example.com' },
    contractId: 9,
    reason: 'Wrong price',
    withdrawnAt: '2026-11-25T15:04:05.000Z',
    language,
  });
}

/** The stand-in never appears capitalised in the middle of a sentence, in any part. */
function expectNoCapitalMidSentence(mail: RenderedMail, standIn: string) {
  for (const part of [mail.subject, mail.html, mail.text]) {
    expect(part).not.toMatch(new RegExp(`[a-zñ,] (<strong[^>]*>)?${standIn}`, 'u'));
  }
}

describe('an English mail for a company without a name', () => {
  it('asks to sign on behalf of "Your contractor", contacted as "your contractor"', () => {
    const mail = signingRequest('en', 'request');
    expect(mail.subject).toBe('Your contractor sent you a contract to sign');
    expect(mail.text).toContain('Your contractor has sent you a contract to review and sign.');
    expect(mail.html).toContain(
      '<strong>Your contractor</strong> has sent you a contract to review and sign.',
    );
    expect(mail.text).toContain('Questions? Contact your contractor\nPhone: (555) 010-2030');
    expect(mail.html).toContain(
      'Questions? Contact <strong style="color:#111827;">your contractor</strong>',
    );
    expectNoCapitalMidSentence(mail, 'Your contractor');
  });

  it('reminds with "your contractor" within the sentence', () => {
    const mail = signingRequest('en', 'reminder');
    expect(mail.subject).toBe('Reminder: Your contractor is waiting for your signature');
    expect(mail.text).toContain(
      'This is a friendly reminder: your contractor sent you a contract that is still waiting for your signature.',
    );
    expect(mail.html).toContain(
      'This is a friendly reminder: <strong>your contractor</strong> sent',
    );
    expectNoCapitalMidSentence(mail, 'Your contractor');
  });

  it('sends a new link and a withdrawn notice starting with "Your contractor"', () => {
    expect(signingRequest('en', 'new-link').subject).toBe(
      'Your contractor sent you a new link to sign your contract',
    );
    const notice = withdrawn('en');
    expect(notice.subject).toBe('Your contractor withdrew contract #9');
    expect(notice.text).toContain('Your contractor has withdrawn contract #9, which they sent');
    expect(notice.html).toContain('<strong>Your contractor</strong> has withdrawn contract #9');
    expectNoCapitalMidSentence(notice, 'Your contractor');
  });

  it('names the company as "your contractor" in the client\'s signed copy', () => {
    const mail = signedCopy('en');
    expect(mail.subject).toBe('Signed: Contract #12 with your contractor');
    expect(mail.text).toContain('Your contract with your contractor is now signed by both of you.');
    expect(mail.text).toContain('Signed by your contractor: November 20, 2026 at 1:30 PM UTC');
    expect(mail.text).toContain('Signed by Ana López: November 21, 2026 at 3:04 PM UTC');
    expect(mail.text).toContain('Questions? Contact your contractor\n');
    expectNoCapitalMidSentence(mail, 'Your contractor');
  });

  it("leaves the contractor's own copy as it was", () => {
    expect(signedCopy('en', 'contractor').subject).toBe('Signed: Contract #12 with Ana López');
  });
});

describe('a Spanish mail for a company without a name', () => {
  it('asks to sign on behalf of "Su contratista", contacted as "su contratista"', () => {
    const mail = signingRequest('es', 'request');
    expect(mail.subject).toBe('Su contratista le envió un contrato para firmar');
    expect(mail.text).toContain(
      'Su contratista le envió un contrato para que lo revise y lo firme.',
    );
    expect(mail.html).toContain('<strong>Su contratista</strong> le envió un contrato');
    expect(mail.text).toContain(
      '¿Tiene preguntas? Comuníquese con su contratista\nTeléfono: (555) 010-2030',
    );
    expect(mail.html).toContain(
      '¿Tiene preguntas? Comuníquese con <strong style="color:#111827;">su contratista</strong>',
    );
    expectNoCapitalMidSentence(mail, 'Su contratista');
  });

  it('reminds with "su contratista" within the sentence and after the colon', () => {
    const mail = signingRequest('es', 'reminder');
    expect(mail.subject).toBe('Recordatorio: su contratista está esperando su firma');
    expect(mail.text).toContain(
      'Le recordamos que su contratista le envió un contrato que todavía está pendiente de su firma.',
    );
    expect(mail.html).toContain('Le recordamos que <strong>su contratista</strong> le envió');
    expect(mail.text).not.toContain('Su contratista');
    expectNoCapitalMidSentence(mail, 'Su contratista');
  });

  it('sends a new link and a withdrawn notice whose subjects start with "Su contratista"', () => {
    expect(signingRequest('es', 'new-link').subject).toBe(
      'Su contratista le envió un nuevo enlace para firmar su contrato',
    );
    const notice = withdrawn('es');
    expect(notice.subject).toBe('Su contratista retiró el contrato n.º 9');
    // The date leads the sentence ("El 25 de noviembre de 2026, su contratista retiró..."), so
    // the stand-in is mid-sentence there, in lower case.
    expect(notice.text).toContain(
      `El ${formatLongDate('2026-11-25T15:04:05.000Z', 'es')}, su contratista retiró el contrato ` +
        'n.º 9, que le había enviado',
    );
    expect(notice.html).toContain('<strong>su contratista</strong> retiró el contrato n.º 9');
    expectNoCapitalMidSentence(notice, 'Su contratista');
  });

  it('names the company as "su contratista" in the signed copy', () => {
    const mail = signedCopy('es');
    expect(mail.subject).toBe('Firmado: contrato n.º 12 con su contratista');
    expect(mail.text).toContain('Su contrato con su contratista ya está firmado por ambas partes.');
    expect(mail.text).toContain(
      'Firmado por su contratista: 20 de noviembre de 2026 a la 1:30 p. m. UTC',
    );
    expect(mail.text).toContain('¿Tiene preguntas? Comuníquese con su contratista\n');
    expectNoCapitalMidSentence(mail, 'Su contratista');
    // Standing alone, as the mail's heading, it keeps its capital.
    expect(mail.html).toContain('color:#111827;">Su contratista</div>');
  });
});
