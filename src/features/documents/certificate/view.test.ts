import { describe, expect, it } from 'vitest';
import { CONTRACTOR_EVENT_LINES, describeEvent } from '../../../domain/contract-event-lines.js';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { CHROME_UA, certificateInput } from '../../../test/certificate-fixture.js';
import { certificateView, pngDataUrl } from './view.js';

describe('pngDataUrl', () => {
  it('keeps an inline PNG and drops anything the renderer could fetch or run', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(pngDataUrl(png)).toBe(png);
    for (const value of [
      null,
      '',
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,AAA" onerror="x',
    ]) {
      expect(pngDataUrl(value)).toBeNull();
    }
  });
});

describe('an event with no details', () => {
  const lines = messagesFor('en').events;
  const at = '2026-11-28T09:00:00.000Z';
  it('is named by its words, and an unknown or inherited type prints as stored', () => {
    expect(describeEvent({ type: 'signed_by_client', at, details: null }, lines)).toBe(
      'Signed by the client',
    );
    expect(describeEvent({ type: 'new_kind', at, details: null }, lines)).toBe('new_kind');
    expect(describeEvent({ type: 'constructor', at, details: null }, lines)).toBe('constructor');
  });

  it('tells the client the contract is signed by all parties, where the contractor reads Completed', () => {
    const completed = { type: 'completed', at, details: null };
    expect(describeEvent(completed, lines)).toBe('Signed by all parties');
    expect(describeEvent(completed, messagesFor('es').events)).toBe('Firmado por todas las partes');
    expect(describeEvent(completed, CONTRACTOR_EVENT_LINES)).toBe('Completed');
  });
});

describe('the certificate’s event lines (issue 17)', () => {
  it('print the reminder, the new link and the link the client signed through, in plain words, in either language', () => {
    const link = { id: 7, purpose: 'reminder', issued_at: '2026-11-28T09:00:00.000Z', reminder: 1 };
    const input = certificateInput({
      events: [
        {
          type: 'reminder_sent',
          at: '2026-11-28T09:00:00.000Z',
          actor: null,
          ip: null,
          user_agent: null,
          details: JSON.stringify({ reminder: 1, automatic: true }),
        },
        {
          type: 'link_extended',
          at: '2026-11-29T09:00:00.000Z',
          actor: 'sam@acme.example',
          ip: '198.51.100.4',
          user_agent: CHROME_UA,
          details: JSON.stringify({ expires_at: '2026-12-13T09:00:00.000Z' }),
        },
        {
          type: 'signed_by_client',
          at: '2026-11-30T09:00:00.000Z',
          actor: 'client',
          ip: '203.0.113.9',
          user_agent: CHROME_UA,
          details: JSON.stringify({ link }),
        },
      ],
    });
    expect(certificateView(input, 'data:image/png;base64,AA==').events.map((e) => e.name)).toEqual([
      'Reminder 1 emailed to the client with a new signing link, automatically',
      'New signing link emailed to the client, valid until Dec 13, 2026',
      'Signed by the client through reminder 1, emailed Nov 28, 2026',
    ]);
    const spanish = certificateView({ ...input, language: 'es' }, 'data:image/png;base64,AA==');
    expect(spanish.events.map((e) => [e.name, e.actor])).toEqual([
      [
        'Recordatorio 1 enviado automáticamente al cliente por correo, con un nuevo enlace de firma',
        'TradeSign',
      ],
      [
        'Nuevo enlace de firma enviado al cliente por correo, válido hasta el 13 de diciembre de 2026',
        'sam@acme.example',
      ],
      [
        'Firmado por el cliente mediante el recordatorio 1, enviado el 28 de noviembre de 2026',
        'Cliente',
      ],
    ]);
  });

  it('say a deadline moved without an email as it happened, in either language (issue 33)', () => {
    const input = certificateInput({
      events: [
        {
          type: 'link_extended',
          at: '2026-11-29T09:00:00.000Z',
          actor: 'sam@acme.example',
          ip: '198.51.100.4',
          user_agent: CHROME_UA,
          details: JSON.stringify({ expires_at: '2026-12-13T09:00:00.000Z', emailed: false }),
        },
      ],
    });
    const png = 'data:image/png;base64,AA==';
    expect(certificateView(input, png).events.map((e) => e.name)).toEqual([
      'Signing deadline moved to Dec 13, 2026; no email sent to the client',
    ]);
    expect(certificateView({ ...input, language: 'es' }, png).events.map((e) => e.name)).toEqual([
      'Plazo para firmar prorrogado hasta el 13 de diciembre de 2026; no se envió ningún correo al cliente',
    ]);
  });
});

describe('who sealed the copy and when (issue 39)', () => {
  const QR = 'data:image/png;base64,AA==';
  const sealedBy = {
    commonName: 'Acme Roofing LLC',
    issuerCommonName: 'Test Root CA',
    fingerprintSha256: 'ab'.repeat(32),
  };
  const stamped = {
    kind: 'stamped' as const,
    authority: 'CN=Test TSA, O=Test Trust',
    host: 'tsa.example:8080',
    at: '2026-11-27T18:29:55.000Z',
    serverAt: '2026-11-27T18:29:54.598Z',
  };

  it('says TradeSign sealed it and nothing of a timestamp when neither is set up', () => {
    const view = certificateView(certificateInput(), QR);
    expect(view.sealedBy).toBe(messagesFor('en').certificate.integrity.sealed);
    expect(view.timestamp).toBeNull();
  });

  it('names the company’s certificate and both clocks to the second, in English and Spanish', () => {
    const view = certificateView(certificateInput({ sealedBy, timestamp: stamped }), QR);
    expect(view.sealedBy).toBe(
      `This document is digitally sealed by Acme Roofing LLC, with a certificate issued by Test Root CA (SHA-256 fingerprint ${'ab'.repeat(32)}); PDF readers such as Adobe Acrobat Reader show the seal in their signature panel, and any change to the file breaks it.`,
    );
    expect(view.timestamp).toBe(
      "Trusted timestamp: CN=Test TSA, O=Test Trust (tsa.example:8080) dated the contract pages above, by their SHA-256, at 2026-11-27 18:29:55 UTC; this server's clock said 2026-11-27 18:29:54 UTC. Its token is attached to this file, and the seal carries a timestamp of its own from the same authority, which PDF readers show in their signature panel.",
    );
    const spanish = certificateView(
      certificateInput({
        language: 'es',
        sealedBy,
        timestamp: { kind: 'unavailable', host: 'tsa.example:8080' },
      }),
      QR,
    );
    expect(spanish.sealedBy).toMatch(
      /^Acme Roofing LLC selló digitalmente este documento con un certificado emitido por Test Root CA/,
    );
    expect(spanish.timestamp).toBe(
      'Sin sello de tiempo de confianza: la autoridad de sellado de tiempo tsa.example:8080 no dio un sello de tiempo válido a tiempo, así que la hora de este sello es solo la del reloj de este servidor.',
    );
  });
});
