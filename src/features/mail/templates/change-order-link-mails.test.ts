import { describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/i18n/languages.js';
import { renderSigningRequestMail, type SigningRequestVariant } from './index.js';

/**
 * Issue 38: a change order's link mails (the first request, its reminders and its new links)
 * name it and its contract in subject, preheader and body, and ask to sign the change order.
 */
function changeOrderMail(language: Language, variant: SigningRequestVariant) {
  return renderSigningRequestMail({
    variant,
    company: { name: 'Greenleaf Co', phone: null, email: null, logoUrl: null },
    client: { name: 'Ana López', email: 'ana@example.com' },
    contract: { id: 14, totalCents: 510_000, projectAddress: null, stageCount: 2 },
    link: 'https://contracts.example.com/esign/AbC',
    expiresAt: '2026-12-31T15:00:00.000Z',
    language,
    changeOrder: { number: 2, contractId: 12, priceChangeCents: 10_000, sumAfterCents: 510_000 },
  });
}

describe("a change order's link mails", () => {
  it('name it in a new link, in English', () => {
    const mail = changeOrderMail('en', 'new-link');
    expect(mail.subject).toBe(
      'Greenleaf Co sent you a new link to sign Change Order 2 to Contract #12',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('a new link to review and sign Change Order 2 to Contract #12.');
      expect(part).not.toContain('contract #14');
    }
    // The preheader, the line an inbox shows beside the subject.
    expect(mail.html).toContain(
      'Review and sign Change Order 2 to Contract #12 by December 31, 2026.',
    );
    expect(mail.text).toContain('Review and sign the change order:');
  });

  it('name it in a reminder and a new link, in Spanish', () => {
    const reminder = changeOrderMail('es', 'reminder');
    expect(reminder.subject).toBe(
      'Recordatorio: Greenleaf Co está esperando su firma de la Orden de cambio 2 al Contrato n.º 12',
    );
    expect(reminder.text).toContain(
      'le envió la Orden de cambio 2 al Contrato n.º 12, que todavía está pendiente de su firma.',
    );
    expect(reminder.html).toContain('Revisar y firmar la orden de cambio</a>');
    const newLink = changeOrderMail('es', 'new-link');
    expect(newLink.subject).toBe(
      'Greenleaf Co le envió un nuevo enlace para firmar la Orden de cambio 2 al Contrato n.º 12',
    );
    expect(newLink.text).toContain('Revise y firme la orden de cambio aquí:');
  });
});
