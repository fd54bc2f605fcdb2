import { describe, expect, it } from 'vitest';
import {
  renderSignedCopyMail,
  renderSigningRequestMail,
  renderWithdrawnNoticeMail,
  type RenderedMail,
} from './index.js';

/**
 * The client's mails for a Spanish contract (docs/decisions/029): every word in Spanish, in the
 * subject and in both parts; money in the US format, dates written in Spanish.
 */

const LINK = 'https://contracts.example.com/esign/AbC_dEf-123';

const company = {
  name: 'Rock & Roll Pavers',
  phone: '(555) 010-2030',
  email: 'oficina@rockandroll.example',
  logoUrl: null,
};

const signingInput = {
  company,
  client: { name: 'Ana López', email: 'ana@example.com' },
  contract: {
    id: 12,
    totalCents: 1_234_567,
    projectAddress: '12 Oak St\nSpringfield',
    stageCount: 3,
  },
  link: LINK,
  expiresAt: '2026-11-25T15:04:05.000Z',
  language: 'es' as const,
};

/** English words a Spanish mail must not fall back to. */
const ENGLISH = [
  'Hello',
  'Questions?',
  'Phone:',
  'Email:',
  'Review and sign',
  'expires on',
  'Project address',
  'Payment plan',
  'stages',
  'November',
  'Signed by',
  'attached',
  'withdrawn',
];

function expectSpanish(mail: RenderedMail) {
  for (const part of [mail.subject, mail.html, mail.text]) {
    for (const word of ENGLISH) expect(part).not.toContain(word);
  }
  expect(mail.html).toContain('<html lang="es">');
  expect(mail.text).not.toMatch(/<[a-z/]/i);
}

describe('a Spanish signing request', () => {
  it('asks the client, in Spanish, to review and sign', () => {
    const mail = renderSigningRequestMail(signingInput);
    expect(mail.subject).toBe('Rock & Roll Pavers le envió un contrato para firmar');
    expect(mail.text).toContain('Hola, Ana López:\n');
    expect(mail.text).toContain(
      'Rock & Roll Pavers le envió un contrato para que lo revise y lo firme.',
    );
    expect(mail.html).toContain(
      '<strong>Rock &amp; Roll Pavers</strong> le envió un contrato para que lo revise y lo firme.',
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('n.º 12');
      expect(part).toContain('Dirección del proyecto');
      expect(part).toContain('12 Oak St, Springfield');
      expect(part).toContain('$12,345.67');
      expect(part).toContain('Calendario de pagos');
      expect(part).toContain('3 etapas');
      expect(part).toContain('Este enlace seguro es válido hasta');
      expect(part).toContain('25 de noviembre de 2026');
      expect(part).toContain('no reenvíe este correo');
      expect(part).toContain('¿Tiene preguntas? Comuníquese con');
      expect(part).toContain('Teléfono:');
      expect(part).toContain('Correo electrónico:');
      expect(part).toContain(LINK);
    }
    expect(mail.html).toContain('>Revisar y firmar el contrato</a>');
    expect(mail.text).toContain('Revise y firme el contrato aquí:\n' + LINK);
    expect(mail.html).toContain('Tiene hasta el 25 de noviembre de 2026 para revisar y firmar');
    expectSpanish(mail);
  });

  it('reminds in Spanish', () => {
    const mail = renderSigningRequestMail({ ...signingInput, variant: 'reminder' });
    expect(mail.subject).toBe('Recordatorio: Rock & Roll Pavers está esperando su firma');
    expect(mail.text).toContain(
      'Le recordamos que Rock & Roll Pavers le envió un contrato que todavía está pendiente de su firma.',
    );
    expect(mail.html).toContain(
      'Puede firmar el contrato n.º 12 hasta el 25 de noviembre de 2026.',
    );
    expectSpanish(mail);
  });

  it('sends a new link in Spanish', () => {
    const mail = renderSigningRequestMail({ ...signingInput, variant: 'new-link' });
    expect(mail.subject).toBe(
      'Rock & Roll Pavers le envió un nuevo enlace para firmar su contrato',
    );
    expect(mail.text).toContain('le envió un nuevo enlace para que revise y firme su contrato.');
    expectSpanish(mail);
  });

  it('greets without a name, and names a company without one, in Spanish', () => {
    const mail = renderSigningRequestMail({
      ...signingInput,
      company: { ...company, name: '  ' },
      client: { name: ' ', email: 'ana@example.com' },
      contract: { ...signingInput.contract, stageCount: 1 },
    });
    expect(mail.subject).toBe('Su contratista le envió un contrato para firmar');
    expect(mail.text).toContain('Hola:\n');
    expect(mail.text).toContain('1 etapa\n');
  });
});

describe("a Spanish contract's signed copy", () => {
  const input = {
    recipient: 'client' as const,
    contractId: 12,
    companyName: 'Rock & Roll Pavers',
    clientName: 'Ana López',
    totalCents: 500_000,
    contractorSignedAt: '2026-11-20T13:30:00.000Z',
    clientSignedAt: '2026-11-21T15:04:05.000Z',
    copy: {
      filename: 'contract-12-signed.html',
      contentType: 'text/html; charset=utf-8',
      content: '<!DOCTYPE html><p>Executed</p>',
    },
    companyPhone: '(555) 010-2030',
    language: 'es' as const,
  };

  it('tells the client in Spanish that it is signed, and attaches it', () => {
    const mail = renderSignedCopyMail(input);
    expect(mail.subject).toBe('Firmado: contrato n.º 12 con Rock & Roll Pavers');
    expect(mail.text).toContain('Firmado por todas las partes.\n');
    expect(mail.html).toContain('>Firmado por todas las partes</h1>');
    expect(mail.html).toContain('El contrato n.º 12 ya está firmado por todas las partes.');
    expect(mail.text).toContain(
      'Su contrato con Rock & Roll Pavers ya está firmado por ambas partes.',
    );
    expect(mail.text).toContain(
      'Firmado por Rock & Roll Pavers: 20 de noviembre de 2026 a la 1:30 p. m. UTC',
    );
    expect(mail.text).toContain(
      'Firmado por Ana López: 21 de noviembre de 2026 a las 3:04 p. m. UTC',
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('$5,000.00');
      expect(part).toContain('Le adjuntamos la copia firmada (');
      expect(part).toContain('contract-12-signed.html');
      expect(part).toContain('Consérvela para sus archivos.');
    }
    expect(mail.attachments).toEqual([input.copy]);
    expectSpanish(mail);
  });
});

describe("a Spanish contract's withdrawn notice", () => {
  it('tells the client in Spanish, quoting the reason as written', () => {
    const mail = renderWithdrawnNoticeMail({
      company,
      client: { name: 'Ana López', email: 'ana@example.com' },
      contractId: 9,
      reason: 'Precio equivocado',
      withdrawnAt: '2026-11-25T15:04:05.000Z',
      language: 'es',
    });
    expect(mail.subject).toBe('Rock & Roll Pavers retiró el contrato n.º 9');
    expect(mail.text).toContain(
      'El 25 de noviembre de 2026, Rock & Roll Pavers retiró el contrato n.º 9, que le había enviado para su firma. El enlace de firma ya no funciona y usted no tiene que hacer nada.',
    );
    expect(mail.html).toContain(
      'El 25 de noviembre de 2026, <strong>Rock &amp; Roll Pavers</strong> retiró el contrato n.º 9, que le había enviado',
    );
    expect(mail.text).toContain('Motivo indicado:\n\n> Precio equivocado\n');
    expect(mail.html).toContain('Si tiene alguna pregunta, comuníquese con la empresa');
    expectSpanish(mail);
  });
});
