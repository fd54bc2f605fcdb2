import { describe, expect, it } from 'vitest';
import { renderPaymentCorrectionMail } from './payment-correction.js';
import { renderPaymentReceiptMail } from './payment-receipt.js';

/** The client's payment mails (issue 36): HTML and text parts, in the contract's language. */
const company = {
  name: 'Pavimentos Rivera',
  phone: '5551234567',
  email: 'oficina@rivera.example',
  logoUrl: null,
  timeZone: 'America/Chicago',
};

describe("the client's payment mails", () => {
  it('give a receipt in Spanish, in both parts, from the contractor', () => {
    const mail = renderPaymentReceiptMail({
      company,
      clientName: 'Dana López',
      contractId: 12,
      stageLabel: 'Etapa 1',
      amountCents: 165_000,
      method: 'us_bank_account',
      paidAt: '2026-11-27T18:00:00.000Z',
      receiptNumber: 7,
      language: 'es',
    });
    expect(mail.subject).toBe('Recibo: $1,650.00 del contrato n.º 12');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Pavimentos Rivera recibió su pago de $1,650.00. Gracias.');
      expect(part).toContain('Cuenta bancaria (ACH)');
      expect(part).toContain('Etapa 1 del contrato n.º 12');
      expect(part).toContain('12-7');
    }
  });

  it('say when a receipted payment was taken back, in English and Spanish', () => {
    const input = {
      company,
      clientName: 'Dana',
      contractId: 12,
      stageLabel: 'Final',
      amountCents: 170_000,
      receiptNumber: 9,
    };
    const english = renderPaymentCorrectionMail(input);
    expect(english.subject).toBe('Correction: the $1,700.00 payment for Contract #12');
    expect(english.text).toContain(
      'Pavimentos Rivera recorded a payment of $1,700.00 for Final of Contract #12 by mistake and has taken it back. Receipt 12-9 no longer stands.',
    );
    const spanish = renderPaymentCorrectionMail({ ...input, language: 'es' });
    expect(spanish.subject).toBe('Corrección: el pago de $1,700.00 del contrato n.º 12');
    for (const part of [spanish.text, spanish.html]) {
      expect(part).toContain('El recibo 12-9 ya no es válido.');
      expect(part).toContain('Si usted sí hizo este pago, comuníquese con la empresa.');
    }
  });
});
