import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { CO_SIGNERS, linkMailedTo, sendContractWithSigners } from '../../test/signers-flow.js';
import {
  bodylessRequest,
  createTestApp,
  jsonPost,
  openQueuedBody,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Signing and sending a change order (issue 38, docs/decisions/049): the contractor signs the
 * draft, and the send freezes the Change Order document and its G701 money and mails every
 * signer of the contract a link that says it is a change order.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'co-send@example.com');
});
afterAll(() => t.close());

const as = (cookie: string) => ({ cookie, origin: t.origin });

const ADD_1200 = {
  description: 'Extend the drip line to the back beds.',
  price_change_cents: 120_000,
  days_change: 3,
  payment: 'spread',
};

async function payDeposit(id: number) {
  const paid = await jsonPost(
    t.app,
    `/api/contracts/${id}/payments/0/record`,
    { method: 'cash', paid_at: new Date().toISOString().slice(0, 10) },
    as(owner),
  );
  expect(paid.statusCode, paid.body).toBe(200);
}

async function draftOn(id: number, body: object = ADD_1200): Promise<ChangeOrder> {
  const created = await jsonPost(t.app, `/api/contracts/${id}/change-orders`, body, as(owner));
  expect(created.statusCode, created.body).toBe(200);
  return created.json<ChangeOrder>();
}

const signMine = (orderId: number) =>
  jsonPost(
    t.app,
    `/api/change-orders/${orderId}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    as(owner),
  );
const send = (orderId: number) =>
  bodylessRequest(t.app, 'POST', `/api/change-orders/${orderId}/send`, {
    cookie: owner,
    origin: t.origin,
  });

describe('sending a change order', () => {
  it('goes to every signer of the contract, in its order, with mail that names it', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner, {
      coSigners: CO_SIGNERS.slice(0, 1),
    });
    for (const [index, token] of tokens.entries()) {
      const signed = await clientSigns(t, token);
      expect(signed.statusCode, `signer ${index}: ${signed.body}`).toBe(200);
    }
    await payDeposit(id);
    const order = await draftOn(id);

    const unsigned = await send(order.id);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.body).toContain('Sign the change order before sending it');

    const signed = await signMine(order.id);
    expect(signed.statusCode, signed.body).toBe(200);
    const sent = await send(order.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ChangeOrder>()).toMatchObject({
      status: 'sent',
      sum_after_cents: 620_000,
      problem: null,
    });
    expect(sent.json<ChangeOrder>().sent_at).not.toBeNull();

    const row = await t.db
      .selectFrom('contracts')
      .select(['total_price_cents', 'change_money_json', 'template_html', 'payment_plan_json'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.total_price_cents).toBe(620_000);
    // No deposit is collected at a change order's signing: it has no plan of its own.
    expect(row.payment_plan_json).toBeNull();
    expect(JSON.parse(row.change_money_json ?? '{}')).toMatchObject({ sum_after_cents: 620_000 });
    const words = (row.template_html ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(words).toContain(`Change Order 1 to Contract #${id}`);
    expect(words).toContain('+$1,200.00');
    expect(words).toContain('$6,200.00');
    expect(words).toContain('Alex Rivera');

    const signers = await t.db
      .selectFrom('contract_signers')
      .select(['name', 'email', 'position'])
      .where('contract_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(signers.map((signer) => signer.email)).toEqual([
      'jordan@example.com',
      'alex@example.com',
    ]);

    const mail = await t.sql.get<{ subject: string; text: string }>(
      "SELECT subject, text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request' AND to_address = ?",
      order.id,
      'alex@example.com',
    );
    expect(mail?.subject).toBe(`Greenleaf Co sent you Change Order 1 to Contract #${id} to sign`);
    const text = openQueuedBody(t, mail?.text ?? '');
    expect(text).toContain('This change: +$1,200.00');
    expect(text).toContain('New total: $6,200.00');
    expect(await linkMailedTo(t, order.id, 'jordan@example.com')).not.toBe('');

    const again = await send(order.id);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a draft that no longer fits, with its problem', async () => {
    const { id, token } = await sendContract(t, owner);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const order = await draftOn(id, { ...ADD_1200, price_change_cents: -200_000 });
    expect((await signMine(order.id)).statusCode).toBe(200);
    await payDeposit(id);
    // The deposit is paid since: only the final $2,500 is left to take $2,000 off... still fits;
    // pay the final stage too and the change no longer can.
    const final = await jsonPost(
      t.app,
      `/api/contracts/${id}/payments/1/record`,
      { method: 'cash', paid_at: new Date().toISOString().slice(0, 10) },
      as(owner),
    );
    expect(final.statusCode, final.body).toBe(200);
    const refused = await send(order.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('below the $5,000.00 already paid');
  });

  it('is signed and sent through its tRPC twins', async () => {
    const { id, token } = await sendContract(t, owner);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const order = await draftOn(id);
    const signed = await trpcMutation(
      t.app,
      'changeOrders.signMine',
      { id: order.id, signature: TEST_SIGNATURE_PNG },
      { cookie: owner },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const sent = await trpcMutation(
      t.app,
      'changeOrders.send',
      { id: order.id },
      { cookie: owner },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.sql.get<{ subject: string }>(
      "SELECT subject FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
      order.id,
    );
    expect(mail?.subject).toContain(`Change Order 1 to Contract #${id}`);
  });

  it('speaks Spanish for a Spanish contract: its document, its mail and its signing page', async () => {
    const { id, token } = await sendContract(t, owner, { language: 'es' });
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const order = await draftOn(id);
    expect((await signMine(order.id)).statusCode).toBe(200);
    expect((await send(order.id)).statusCode).toBe(200);
    const mail = await t.sql.get<{ subject: string }>(
      "SELECT subject FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
      order.id,
    );
    expect(mail?.subject).toBe(
      `Greenleaf Co le envió la Orden de cambio 1 al Contrato n.º ${id} para firmar`,
    );
    const link = await linkMailedTo(t, order.id, 'jordan@example.com');
    const page = await t.app.inject({ method: 'GET', url: `/esign/${link}` });
    expect(page.body).toContain(`Orden de cambio 1 al Contrato n.º ${id}`);
    expect(page.body).toContain('Este cambio: +$1,200.00 · Nuevo total: $6,200.00');
    expect(page.body).toContain('Descripción del cambio');
  });
});
