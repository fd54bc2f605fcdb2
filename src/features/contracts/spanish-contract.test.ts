import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { newestToken, queuedMails } from '../../test/follow-up-flow.js';
import { createTestApp, jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';

/**
 * A contract sent in Spanish (issue 20, docs/decisions/029): frozen with the Spanish twin of the
 * Standard Contract, its dates with Spanish month names, the rest as for any contract.
 */

const NOW = new Date('2026-11-25T15:00:00.000Z');

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  cookie = await contractorReadyToSend(t, 'pavers@example.com', 'Rock & Roll Pavers');
});
afterAll(async () => {
  await t.close();
});

/** Creates, signs and sends a draft in this language; its id. */
async function send(language: 'en' | 'es', owner = cookie): Promise<number> {
  const { id, sent } = await sendContract(t, owner, { language });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

async function frozen(id: number) {
  const row = await t.sql.get<{ template_html: string; template_source: string }>(
    'SELECT template_html, template_source FROM contracts WHERE id = ?',
    id,
  );
  if (!row) throw new Error(`no contract ${id}`);
  return row;
}

async function sentEventTemplateId(id: number) {
  const details = await t.sql.value<string>(
    "SELECT details FROM contract_events WHERE contract_id = ? AND type = 'sent'",
    id,
  );
  return (JSON.parse(details) as { template_id: number }).template_id;
}

describe('sending a Spanish contract', () => {
  it('freezes it with Contrato estándar, dated in Spanish', async () => {
    const id = await send('es');
    const { template_html: html } = await frozen(id);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Contrato de mejoras para el hogar');
    expect(html).toContain('Fecha del contrato: 25 de noviembre de 2026');
    expect(html).toContain('$5,000.00');
    expect(html).not.toContain('Home Improvement Contract');
    const template = await t.sql.get<{ name: string }>(
      'SELECT name FROM templates WHERE id = ?',
      await sentEventTemplateId(id),
    );
    expect(template?.name).toBe('Contrato estándar');
  });

  it('leaves an English contract as it was: the Standard Contract, dated in English', async () => {
    const id = await send('en');
    const { template_html: html } = await frozen(id);
    expect(html).toContain('Home Improvement Contract');
    expect(html).toContain('Contract date: November 25, 2026');
  });

  it('uses a default template the contractor wrote as it is', async () => {
    const owner = await contractorReadyToSend(t, 'own-words@example.com', 'Own Words Co');
    const mine = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'Mine', html: '<p>{{client.name}}, {{date today}}</p>', is_preset: true },
      { cookie: owner, origin: t.origin },
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const { template_html: html } = await frozen(await send('es', owner));
    // The contractor's words, with the month in the client's language all the same.
    expect(html).toContain('Jordan Rivera, 25 de noviembre de 2026');
  });
});

describe("a Spanish contract's mails after sending", () => {
  it("sends the client's signed copy in Spanish and the contractor's in English", async () => {
    const id = await send('es');
    const signed = await clientSigns(t, await newestToken(t, id, 'signing_request'));
    expect(signed.statusCode, signed.body).toBe(200);
    const [client] = await queuedMails(t, id, 'signed_copy_client');
    expect(client?.subject).toBe(`Firmado: contrato n.º ${id} con Rock & Roll Pavers`);
    expect(client?.text).toContain('Su contrato con Rock & Roll Pavers ya está firmado');
    expect(client?.html).toContain('Le adjuntamos la copia firmada');
    const [contractor] = await queuedMails(t, id, 'signed_copy_contractor');
    expect(contractor?.subject).toBe(`Signed: Contract #${id} with Jordan Rivera`);
    expect(contractor?.text).toContain(`Jordan Rivera has signed contract #${id}.`);
  });

  it("dates the client's signature on the signed contract in Spanish", async () => {
    const id = await send('es');
    await clientSigns(t, await newestToken(t, id, 'signing_request'));
    const html = await t.sql.value<string>('SELECT signed_html FROM contracts WHERE id = ?', id);
    expect(html.match(/25 de noviembre de 2026/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain('November');
  });

  it('heads the audit trail of the HTML copy (no Chromium here) in Spanish', async () => {
    const id = await send('es');
    await clientSigns(t, await newestToken(t, id, 'signing_request'));
    const sealed = await t.sql.value<string>(
      "SELECT attachments FROM email_outbox WHERE contract_id = ? AND kind = 'signed_copy_client'",
      id,
    );
    const [copy] = JSON.parse(openQueuedBody(t, sealed)) as { content: string }[];
    const html = Buffer.from(copy?.content ?? '', 'base64').toString('utf8');
    expect(html).toContain('Registro de auditoría de las firmas');
    expect(html).toContain('<th>Hora (UTC)</th><th>Evento</th>');
    expect(html).not.toContain('Signature audit trail');
  });

  it('tells the client in Spanish that it was withdrawn', async () => {
    const id = await send('es');
    const voided = await jsonPost(
      t.app,
      `/api/contracts/${id}/void`,
      { reason: 'Precio equivocado' },
      { cookie, origin: t.origin },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    const [notice] = await queuedMails(t, id, 'withdrawn_notice');
    expect(notice?.subject).toBe(`Rock & Roll Pavers retiró el contrato n.º ${id}`);
    expect(notice?.text).toContain('Motivo indicado:');
    expect(notice?.html).toContain('<html lang="es">');
  });

  it("keeps an English contract's signed copy and withdrawn notice in English", async () => {
    const signedId = await send('en');
    await clientSigns(t, await newestToken(t, signedId, 'signing_request'));
    const [copy] = await queuedMails(t, signedId, 'signed_copy_client');
    expect(copy?.subject).toBe(`Signed: Contract #${signedId} with Rock & Roll Pavers`);
    const voidedId = await send('en');
    await jsonPost(
      t.app,
      `/api/contracts/${voidedId}/void`,
      { reason: 'Wrong price' },
      { cookie, origin: t.origin },
    );
    const [notice] = await queuedMails(t, voidedId, 'withdrawn_notice');
    expect(notice?.subject).toBe(`Rock & Roll Pavers withdrew contract #${voidedId}`);
  });
});
