import { describe, expect, it } from 'vitest';
import { certificateInput } from '../../../test/certificate-fixture.js';
import { renderCertificateHtml } from './index.js';

/**
 * The signature certificate of a Spanish contract (docs/decisions/029): its headings, labels
 * and dates in Spanish, and every row of its timeline too (issue 31).
 */

const spanish = (overrides: Parameters<typeof certificateInput>[0] = {}) =>
  certificateInput({ language: 'es', ...overrides });

/** The client's signer, its disclosure read in this language. */
function withDisclosureIn(language: 'en' | 'es') {
  const input = certificateInput();
  return input.signers.map((signer) =>
    signer.role === 'client' ? { ...signer, consentLanguage: language } : signer,
  );
}

describe('the certificate of a Spanish contract', () => {
  it('has its headings and labels in Spanish', async () => {
    const html = await renderCertificateHtml(spanish());
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Certificado de firmas — Contrato n.º 12</title>');
    expect(html).toContain('<h1>Certificado de firmas</h1>');
    expect(html).toContain('Contrato n.º 12 — Kitchen Remodel Agreement');
    for (const heading of [
      'Partes',
      'Firmas',
      'Historial de eventos',
      'Integridad y verificación',
    ]) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    for (const label of [
      'Empresa',
      'Firmado por todas las partes',
      'Nombre',
      'Correo electrónico',
      'Firmado (UTC)',
      'Firmado (hora local)',
      'Dirección IP',
      'Dispositivo',
    ]) {
      expect(html).toContain(`<th>${label}</th>`);
    }
    expect(html).toContain('<h3>Contratista (Acme Builders)</h3>');
    expect(html).toContain('<th class="col-time">Hora (UTC)</th>');
    expect(html).toContain('SHA-256 del contrato que se le mostró al cliente:');
    expect(html).toContain('Escanee para verificar');
    expect(html).toContain('alt="Firma de Jane Doe"');
    expect(html).toContain('Reconocimiento legal aceptado (versión 2026-10-01)');
    for (const english of [
      'Signature Certificate',
      'Parties',
      'Signatures',
      'Event timeline',
      'Signed (UTC)',
      'Scan to verify',
    ]) {
      expect(html).not.toContain(english);
    }
  });

  it('writes its dates and times as Spanish is written (25 de noviembre de 2026, 3:04 p. m.)', async () => {
    const html = await renderCertificateHtml(spanish());
    expect(html).toContain('21 de noviembre de 2026 a las 3:04 p. m. UTC');
    expect(html).toMatch(/21 de noviembre de 2026 a las 9:04:05\sa. m. CST \(America\/Chicago\)/);
    expect(html).toContain('zona horaria no registrada');
    expect(html).toContain('$12,345.67');
    expect(html).not.toContain('November');
  });

  it('falls back to a Spanish title, and tells every event of the record in Spanish', async () => {
    const html = await renderCertificateHtml(spanish({ title: ' ' }));
    expect(html).toContain('Contrato n.º 12 — Contrato de mejoras para el hogar');
    expect(html).toContain('<td>Firmado por el cliente</td>');
    expect(html).toContain('<td>Correo entregado al servidor de correo</td>');
    expect(html).not.toContain('Signed by the client');
    expect(html).not.toContain('Email delivered');
  });

  it('says which language the client read the notice in, in either certificate', async () => {
    const inSpanish = await renderCertificateHtml(spanish({ signers: withDisclosureIn('es') }));
    expect(inSpanish).toContain(
      'Consentimiento para el uso de documentos y firmas electrónicos: otorgado (aviso en español, versión 2026-11-21)',
    );
    const inEnglish = await renderCertificateHtml(
      certificateInput({ signers: withDisclosureIn('es') }),
    );
    expect(inEnglish).toContain(
      'Consent to electronic records and signatures: given (notice in Spanish, version 2026-11-21)',
    );
  });
});
