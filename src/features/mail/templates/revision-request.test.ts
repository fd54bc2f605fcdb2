import { describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/i18n/languages.js';
import { renderSigningRequestMail, type ReplacedContract } from './index.js';

/**
 * Issue 31: a revision's signing mails say which contract they replace (its number and the day it
 * was sent), why that one is over, and that its link no longer works, in the client's language.
 */

function revisionRequest(
  language: Language,
  replaces: ReplacedContract | null,
  companyName: string | null = 'Rock & Roll Pavers',
) {
  return renderSigningRequestMail({
    company: { name: companyName, phone: null, email: null, logoUrl: null },
    client: { name: 'Ana López', email: 'ana@example.com' },
    contract: { id: 13, totalCents: 500_000, projectAddress: null, stageCount: 2 },
    link: 'https://contracts.example.com/esign/AbC',
    expiresAt: '2026-12-31T15:00:00.000Z',
    language,
    replaces,
  });
}

const sentAt = '2026-11-21T15:04:05.000Z';

describe("a revision's signing request", () => {
  it('names the declined contract it replaces and says its link is dead, in both parts', () => {
    const mail = revisionRequest('en', { id: 12, sentAt, why: 'declined' });
    const lines = [
      'This contract replaces contract #12, sent to you on November 21, 2026, which you declined.',
      'The signing link for contract #12 no longer works. Please review and sign this new contract instead.',
    ];
    expect(mail.text).toContain(`${lines[0]}\n${lines[1]}\n`);
    expect(mail.html).toContain(`${lines[0]}<br>${lines[1]}`);
  });

  it('names the company that withdrew it, escaped in the HTML part', () => {
    const mail = revisionRequest('en', { id: 12, sentAt, why: 'withdrawn' });
    const withdrawn = 'sent to you on November 21, 2026, which Rock & Roll Pavers withdrew.';
    expect(mail.text).toContain(withdrawn);
    expect(mail.html).toContain(withdrawn.replace('&', '&amp;'));
  });

  it('says "your contractor" withdrew it when the company has no name', () => {
    const mail = revisionRequest('en', { id: 12, sentAt, why: 'withdrawn' }, null);
    expect(mail.text).toContain('which your contractor withdrew.');
    const spanish = revisionRequest('es', { id: 12, sentAt, why: 'withdrawn' }, null);
    expect(spanish.text).toContain('que su contratista retiró.');
  });

  it('says the earlier link expired when it did', () => {
    const mail = revisionRequest('en', { id: 12, sentAt, why: 'expired' });
    expect(mail.text).toContain(
      'This contract replaces contract #12, sent to you on November 21, 2026, whose signing link expired.',
    );
  });

  it('says it in Spanish to a Spanish client, with the date in Spanish', () => {
    const declined = revisionRequest('es', { id: 12, sentAt, why: 'declined' });
    const lines = [
      'Este contrato reemplaza al contrato n.º 12, que se le envió el 21 de noviembre de 2026 y que usted rechazó.',
      'El enlace de firma del contrato n.º 12 ya no funciona. Por favor, revise y firme este nuevo contrato en su lugar.',
    ];
    expect(declined.text).toContain(`${lines[0]}\n${lines[1]}\n`);
    expect(declined.html).toContain(`${lines[0]}<br>${lines[1]}`);
    expect(revisionRequest('es', { id: 12, sentAt, why: 'withdrawn' }).text).toContain(
      'que se le envió el 21 de noviembre de 2026 y que Rock & Roll Pavers retiró.',
    );
    expect(revisionRequest('es', { id: 12, sentAt, why: 'expired' }).text).toContain(
      'que se le envió el 21 de noviembre de 2026 y cuyo enlace de firma venció.',
    );
  });

  it('says nothing of the kind for a first contract', () => {
    for (const language of ['en', 'es'] as const) {
      const mail = revisionRequest(language, null);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toMatch(/replaces|reemplaza|#12|n\.º 12/);
      }
    }
  });
});
