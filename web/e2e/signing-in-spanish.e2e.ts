import { describe, expect, it } from 'vitest';
import { pdfText } from '../../src/test/pdf-text';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, field, signedInAccount, signedInPage, waitForToast } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';

/**
 * Issue 20: the homeowner reads, agrees and signs in Spanish on a phone, and the signed copy
 * comes in Spanish; a homeowner sent an English contract switches the page to Spanish.
 */
const running = workerApp();

describe('signing in Spanish', () => {
  it('signs a Spanish contract on a phone, and the Spanish signed copy arrives', async () => {
    const { page: contractor, email: contractorEmail } = await signedInAccount(running, {
      company: 'Jardines Ruiz',
    });
    const client = { name: 'Lucía Romero', email: uniqueEmail('lucia.romero') };
    await sendContractByApi(contractor, running.app().url, client, { language: 'es' });
    const request = await running.smtp().waitFor((mail) => mail.to.includes(client.email), 15_000);
    expect(request.subject).toBe('Jardines Ruiz le envió un contrato para firmar');

    // Without script, the whole notice is there to read, and the link to keep the contract.
    const withoutScript = await running.browser().newContext({
      baseURL: running.app().url,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    try {
      const plain = await withoutScript.newPage();
      await plain.goto(signingLinkIn(request.text));
      await plain.getByRole('heading', { name: 'Retiro de su consentimiento' }).waitFor();
      await plain.getByRole('link', { name: 'Descargar este contrato (PDF)' }).waitFor();
      // Playwright's text search passes over <noscript>; the page's own text is read instead.
      expect(await plain.locator('main').textContent()).toContain(
        'Para firmar se necesita JavaScript.',
      );
    } finally {
      await withoutScript.close();
    }

    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto(signingLinkIn(request.text));
    await page.getByRole('heading', { name: 'Firma segura del contrato' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.frameLocator('iframe[title="Contrato"]').getByText(client.name).first().waitFor();
    // The whole notice, unfolded, says "aviso"; the PDF link and the name field are in Spanish.
    await page.getByRole('heading', { name: 'Retiro de su consentimiento' }).waitFor();
    await page.getByText('Retirar su consentimiento no tiene ningún costo.').waitFor();
    expect((await page.locator('#signing-consent').innerText()).toLowerCase()).not.toContain(
      'divulgaci',
    );
    await page.getByRole('link', { name: 'Descargar este contrato (PDF)' }).waitFor();
    expect(await field(page, 'Su nombre completo').inputValue()).toBe(client.name);
    await page.getByRole('button', { name: 'No firmar' }).waitFor();

    await page.getByRole('button', { name: 'Firmar contrato' }).click();
    await page.getByText('Por favor, acepte firmar electrónicamente').waitFor();
    await page.getByText('Por favor, firme arriba').waitFor();
    await page
      .getByLabel(
        'He leído este aviso y puedo abrir archivos PDF. Acepto recibir documentos y firmar ' +
          'electrónicamente.',
      )
      .check();
    await drawSignature(page, /Firme abajo para aceptar/);
    await page.getByRole('img', { name: 'Firme abajo para aceptar: firmado' }).waitFor();
    await page.getByRole('button', { name: 'Firmar contrato' }).click();
    const shownToast = await waitForToast(page, '¡Contrato firmado con éxito!');
    expect(shownToast).toContain('Recibirá una copia por correo electrónico');
    await page.getByRole('heading', { name: '¡Contrato firmado!' }).waitFor();
    await page
      .getByText(
        'Gracias por firmar el contrato. En breve recibirá una copia por correo electrónico.',
      )
      .waitFor();
    await page.screenshot({ path: '/tmp/signing-in-spanish.png' });

    const copy = await running
      .smtp()
      .waitFor(
        (mail) => mail.to.includes(client.email) && mail.subject.startsWith('Firmado:'),
        30_000,
      );
    expect(copy.subject).toMatch(/^Firmado: contrato n\.º \d+ con Jardines Ruiz$/);
    expect(copy.text).toContain('Su contrato con Jardines Ruiz ya está firmado por ambas partes.');
    expect(copy.html).toContain('lang="es"');
    const pdf = copy.attachments.find((file) => file.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    const { text } = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain('Certificado de firmas');
    // The contractor's own copy stays in English.
    const contractorCopy = await running
      .smtp()
      .waitFor(
        (mail) => mail.subject.startsWith('Signed:') && mail.to.includes(contractorEmail),
        15_000,
      );
    expect(contractorCopy.subject).toContain('Lucía Romero');
  });

  it('lets the homeowner switch an English contract to Spanish, and records the switch', async () => {
    const contractor = await signedInPage(running, { company: 'Two Tongues Tile' });
    const client = { name: 'Mateo Cruz', email: uniqueEmail('mateo.cruz') };
    const id = await sendContractByApi(contractor, running.app().url, client);
    const request = await running.smtp().waitFor((mail) => mail.to.includes(client.email), 15_000);
    expect(request.subject).toBe('Two Tongues Tile sent you a contract to sign');

    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto(signingLinkIn(request.text));
    await page.getByRole('heading', { name: 'Secure Contract Signature' }).waitFor();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Firma segura del contrato' }).waitFor();
    expect(await page.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // By keyboard, back to English: the switch is two buttons of one form.
    await page.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Secure Contract Signature' }).waitFor();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Firmar contrato' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Firma segura del contrato' }).waitFor();

    await contractor.goto(`/contracts/${id}`);
    await contractor.getByText("Client's language: Español").waitFor();
    await contractor
      .getByText("Client switched the signing page's language from English to Spanish")
      .first()
      .waitFor();
  });
});
