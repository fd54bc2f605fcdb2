import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import { bodylessRequest, createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * A change order's signing page speaks of a change order (issue 38), in the page's HTML and in
 * the island's words alike, in English and Spanish: while it is to be signed, once signed, and
 * once declined or withdrawn. A contract's page keeps its own words.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'co-page-words@example.com');
});
afterAll(() => t.close());

const me = () => ({ cookie: owner, origin: t.origin });

/** A contract in `language` its client signed, and a draft change order to it. */
async function draftChangeOrder(language: 'en' | 'es' = 'en') {
  const { id, token } = await sendContract(t, owner, { language });
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const order = (
    await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      { description: 'Add a valve.', price_change_cents: 10_000, payment: 'spread' },
      me(),
    )
  ).json<ChangeOrder>();
  return { id, order };
}

/** A signed contract in `language`, and a change order to it sent to its client. */
async function sentChangeOrder(language: 'en' | 'es') {
  const { id, order } = await draftChangeOrder(language);
  await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    me(),
  );
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, me());
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, orderId: order.id, link: await linkMailedTo(t, order.id, 'jordan@example.com') };
}

async function page(link: string) {
  const answer = await t.app.inject({ method: 'GET', url: `/esign/${link}` });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** The island's words, as the page hands them to it. */
function islandWords(body: string): Record<string, string> {
  const json = /<script[^>]*type="application\/json"[^>]*>([^<]*)<\/script>/.exec(body)?.[1];
  return (JSON.parse(json ?? '{}') as { words?: Record<string, string> }).words ?? {};
}

describe("a change order's signing page", () => {
  it('asks to review and sign the change order, and says when it is signed', async () => {
    const { link } = await sentChangeOrder('en');
    const body = await page(link);
    expect(body).toContain('<title>Sign your change order · Greenleaf Co</title>');
    expect(body).toContain('Review your change order');
    expect(body).toContain('Secure Change Order Signature');
    expect(body).toContain('Download this change order (PDF)');
    expect(body).not.toContain('Review your contract');
    expect(islandWords(body)).toMatchObject({
      signButton: 'Sign Change Order',
      doneTitle: 'Change Order Signed!',
      doneMessage:
        'Thank you for signing the change order. You will receive a copy via email shortly.',
      toastSignedTitle: 'Change order signed successfully!',
      declineTitle: 'Decline this change order?',
      declineConfirm: 'Decline change order',
    });

    expect((await clientSigns(t, link)).statusCode).toBe(200);
    const signed = await page(link);
    expect(signed).toContain('Change Order Signed!');
    expect(signed).toContain('Signed change order');
    expect(signed).not.toContain('Contract Signed!');

    const again = await clientSigns(t, link);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This change order has already been signed');
  });

  it('speaks Spanish for a Spanish contract', async () => {
    const { link } = await sentChangeOrder('es');
    const body = await page(link);
    expect(body).toContain('Revise su orden de cambio');
    expect(body).not.toContain('Revise su contrato');
    expect(islandWords(body)).toMatchObject({
      signButton: 'Firmar orden de cambio',
      doneTitle: '¡Orden de cambio firmada!',
      declineTitle: '¿Rechazar esta orden de cambio?',
    });
    expect((await clientSigns(t, link)).statusCode).toBe(200);
    expect(await page(link)).toContain('¡Orden de cambio firmada!');
  });

  it('says the change order was declined, in its words', async () => {
    const { link } = await sentChangeOrder('en');
    const declined = await jsonPost(t.app, `/api/esign/${link}/decline`, {
      reason: 'Not this month.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const body = await page(link);
    expect(body).toContain('Change Order Declined');
    expect(body).toMatch(
      /You declined this change order on [^.]+\. Greenleaf Co has been notified\./,
    );
    expect(body).not.toContain('Contract Declined');
    const signature = await clientSigns(t, link);
    expect(signature.statusCode).toBe(409);
    expect(signature.body).toBe('You declined this change order');
  });

  it('says the change order was withdrawn, in English and Spanish', async () => {
    for (const [language, title, line] of [
      ['en', 'Change Order Withdrawn', 'This change order was withdrawn by Greenleaf Co.'],
      ['es', 'Orden de cambio retirada', 'Greenleaf Co retiró esta orden de cambio.'],
    ] as const) {
      const { orderId, link } = await sentChangeOrder(language);
      const withdrawn = await jsonPost(
        t.app,
        `/api/change-orders/${orderId}/void`,
        { reason: 'Written in error.' },
        me(),
      );
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const body = await page(link);
      expect(body).toContain(title);
      expect(body).toContain(line);
      const signature = await clientSigns(t, link);
      expect(signature.statusCode).toBe(409);
      expect(signature.body).toBe('This change order was withdrawn by the sender');
    }
  });

  it("refuses the contractor's unsigned change order in its words", async () => {
    const { order } = await draftChangeOrder();
    const unsigned = await jsonPost(
      t.app,
      `/api/change-orders/${order.id}/sign-mine`,
      { signature: '' },
      me(),
    );
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.body).toContain('Please sign the change order');
  });

  it("leaves a contract's page in a contract's words", async () => {
    const { token } = await sendContract(t, owner);
    const body = await page(token);
    expect(body).toContain('Review your contract');
    expect(islandWords(body)).toMatchObject({
      signButton: 'Sign Contract',
      doneTitle: 'Contract Signed!',
    });
  });
});
