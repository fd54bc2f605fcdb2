import { describe, expect, it } from 'vitest';
import { certificateInput } from '../../../test/certificate-fixture.js';
import { renderCertificateHtml } from './index.js';

/**
 * The certificate of a change order's sealed copy (issue 38, docs/decisions/049): named by its
 * number and its contract, never by its own record's id, and naming the contract it changes by
 * the fingerprint of that contract's sealed copy, in the client's language.
 */

const PARENT_SHA = 'c'.repeat(64);

/** Change Order 2 to Contract #12, itself record #57. */
const changeOrder = (
  language: 'en' | 'es',
  contractSha256: string | null = PARENT_SHA,
): Parameters<typeof certificateInput>[0] => ({
  contractId: 57,
  language,
  title: 'Change Order 2 - Acme Builders',
  changeOrder: { number: 2, contractId: 12, contractSha256 },
});

describe("a change order's certificate", () => {
  it('is named Change Order 2 to Contract #12 and names that contract by its sealed copy', async () => {
    const html = await renderCertificateHtml(certificateInput(changeOrder('en')));
    expect(html).toContain('<title>Signature Certificate — Change Order 2 to Contract #12</title>');
    expect(html).toContain('<p class="contract">Change Order 2 to Contract #12</p>');
    expect(html).toContain('<h2>Changes Contract #12</h2>');
    expect(html).toContain(
      `SHA-256 of the sealed copy of Contract #12: <code>${PARENT_SHA}</code>`,
    );
    expect(html).not.toContain('#57');
  });

  it('in Spanish, in the words the mail and the signing page use', async () => {
    const html = await renderCertificateHtml(certificateInput(changeOrder('es')));
    expect(html).toContain(
      '<title>Certificado de firmas — Orden de cambio 2 al Contrato n.º 12</title>',
    );
    expect(html).toContain('<p class="contract">Orden de cambio 2 al Contrato n.º 12</p>');
    expect(html).toContain('<h2>Modifica el Contrato n.º 12</h2>');
    expect(html).toContain(
      `SHA-256 de la copia sellada del Contrato n.º 12: <code>${PARENT_SHA}</code>`,
    );
    expect(html).not.toContain('n.º 57');
  });

  it('says plainly when the contract it changes has no sealed copy yet', async () => {
    const english = await renderCertificateHtml(certificateInput(changeOrder('en', null)));
    expect(english).toContain('<p>Contract #12 has no sealed copy yet.</p>');
    expect(english).not.toContain('SHA-256 of the sealed copy');
    const spanish = await renderCertificateHtml(certificateInput(changeOrder('es', null)));
    expect(spanish).toContain('<p>El Contrato n.º 12 todavía no tiene copia sellada.</p>');
  });

  it("leaves a contract's certificate as it was: its own number, no contract it changes", async () => {
    const html = await renderCertificateHtml(certificateInput());
    expect(html).toContain('<title>Signature Certificate — Contract #12</title>');
    expect(html).toContain('Contract #12 — Kitchen Remodel Agreement');
    expect(html).not.toContain('Changes Contract');
    expect(html).not.toContain('sealed copy yet');
  });
});
