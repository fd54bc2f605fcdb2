import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChangeOrderTo } from '../../test/change-order-flow.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { queuedMails } from '../../test/follow-up-flow.js';
import {
  CO_SIGNERS,
  linkMailedTo,
  sendContractWithSigners,
  signerSigns,
} from '../../test/signers-flow.js';
import { createTestApp, get, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * Every mail about a change order names it and its contract, "Change Order 1 to Contract #12"
 * (issue 38), in subject and body, HTML and text, in the reader's language: the signed copies,
 * the withdrawn notice, the declined notices, and the next signer's turn.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'co-mails@example.com');
});
afterAll(() => t.close());

const me = () => ({ cookie: owner, origin: t.origin });

/** A change order to contract `id` (already signed by all), signed and sent by the contractor. */
async function changeOrderSentTo(id: number) {
  const order = await sendChangeOrderTo(t, owner, id, {
    description: 'Add a valve.',
    price_change_cents: 10_000,
    payment: 'spread',
  });
  return order.id;
}

/** A signed contract with one client, in `language`, and a change order to it, sent. */
async function sentChangeOrder(language: 'en' | 'es' = 'en') {
  const { id, token } = await sendContract(t, owner, { language });
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const orderId = await changeOrderSentTo(id);
  return { id, orderId, link: await linkMailedTo(t, orderId, 'jordan@example.com') };
}

async function onlyMail(contractId: number, kind: string, to?: string) {
  const mails = (await queuedMails(t, contractId, kind)).filter(
    (mail) => !to || mail.to_address === to,
  );
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe("a change order's opened alert", () => {
  it("names it and its contract, and leads to the contract's page", async () => {
    const { id, orderId, link } = await sentChangeOrder();
    expect((await get(t.app, `/api/esign/${link}`)).statusCode).toBe(200);
    const alert = await onlyMail(orderId, 'viewed_alert');
    expect(alert.subject).toBe(`Jordan Rivera opened Change Order 1 to Contract #${id}`);
    for (const part of [alert.text, alert.html]) {
      expect(part).toContain(`Jordan Rivera opened Change Order 1 to Contract #${id} on `);
      expect(part).toContain(`View Change Order 1 to Contract #${id}`);
      expect(part).toContain(`/contracts/${id}`);
      expect(part).not.toContain(`/contracts/${orderId}`);
    }
  });
});

describe("a change order's signed copies", () => {
  it("name it and its contract in the client's copy and the contractor's", async () => {
    const { id, orderId, link } = await sentChangeOrder();
    expect((await clientSigns(t, link)).statusCode).toBe(200);
    const client = await onlyMail(orderId, 'signed_copy_client');
    expect(client.subject).toBe(`Signed: Change Order 1 to Contract #${id} with Greenleaf Co`);
    for (const part of [client.text, client.html]) {
      expect(part).toContain(
        `Change Order 1 to Contract #${id} with Greenleaf Co is now signed by both of you.`,
      );
      expect(part).toContain('New total');
      // Its own row id is no contract's number (an HTML colour may well be `#4…`).
      expect(part).not.toContain(`Contract #${orderId}`);
    }
    const contractor = await onlyMail(orderId, 'signed_copy_contractor');
    expect(contractor.subject).toBe(`Signed: Change Order 1 to Contract #${id} with Jordan Rivera`);
    expect(contractor.text).toContain(
      `Jordan Rivera has signed Change Order 1 to Contract #${id}.`,
    );
    expect(contractor.html).toContain('The change order is signed');
  });

  it("speak Spanish to a Spanish contract's client", async () => {
    const { id, orderId, link } = await sentChangeOrder('es');
    expect((await clientSigns(t, link)).statusCode).toBe(200);
    const client = await onlyMail(orderId, 'signed_copy_client');
    expect(client.subject).toBe(
      `Firmada: Orden de cambio 1 al Contrato n.º ${id} con Greenleaf Co`,
    );
    for (const part of [client.text, client.html]) {
      expect(part).toContain(`La Orden de cambio 1 al Contrato n.º ${id} con Greenleaf Co`);
      expect(part).toContain('Nuevo total');
    }
  });
});

describe("a change order's withdrawn notice", () => {
  it('names it and says the contract stands, in English and Spanish', async () => {
    for (const language of ['en', 'es'] as const) {
      const { id, orderId } = await sentChangeOrder(language);
      const withdrawn = await jsonPost(
        t.app,
        `/api/change-orders/${orderId}/void`,
        { reason: 'Written in error.' },
        me(),
      );
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const notice = await onlyMail(orderId, 'withdrawn_notice');
      if (language === 'en') {
        expect(notice.subject).toBe(`Greenleaf Co withdrew Change Order 1 to Contract #${id}`);
        for (const part of [notice.text, notice.html]) {
          expect(part).toContain('has withdrawn Change Order 1 to Contract #');
          expect(part).toContain(`Contract #${id} stands as it was`);
        }
      } else {
        expect(notice.subject).toBe(
          `Greenleaf Co retiró la Orden de cambio 1 al Contrato n.º ${id}`,
        );
        for (const part of [notice.text, notice.html]) {
          expect(part).toContain(`retiró la Orden de cambio 1 al Contrato n.º ${id}`);
          expect(part).toContain(`el Contrato n.º ${id} sigue tal como estaba`);
        }
      }
    }
  });
});

describe('a change order declined', () => {
  it("tells the contractor which change order, and links the contract's page", async () => {
    const { id, orderId, link } = await sentChangeOrder();
    const declined = await jsonPost(t.app, `/api/esign/${link}/decline`, {
      reason: 'Not this month.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const notice = await onlyMail(orderId, 'declined_notice');
    expect(notice.subject).toBe(`Jordan Rivera declined Change Order 1 to Contract #${id}`);
    for (const part of [notice.text, notice.html]) {
      expect(part).toContain(`declined Change Order 1 to Contract #${id} on`);
      expect(part).toContain(`/contracts/${id}`);
      expect(part).toContain(`Open Contract #${id}`);
      expect(part).not.toContain(`/contracts/${orderId}`);
    }
  });
});

describe('a change order with two signers in order', () => {
  it("invites the next signer to it, and tells the other of a decline, each in the change order's words", async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner, { order: 'in_order' });
    expect((await signerSigns(t, tokens[0]!, 'Jordan Rivera')).statusCode).toBe(200);
    const alexFirst = await linkMailedTo(t, id, CO_SIGNERS[0].email);
    expect((await signerSigns(t, alexFirst, 'Alex Rivera', 2)).statusCode).toBe(200);

    const orderId = await changeOrderSentTo(id);
    const jordan = await linkMailedTo(t, orderId, 'jordan@example.com');
    expect((await signerSigns(t, jordan, 'Jordan Rivera')).statusCode).toBe(200);
    const turn = await onlyMail(orderId, 'signing_request', CO_SIGNERS[0].email);
    expect(turn.subject).toBe(`Greenleaf Co sent you Change Order 1 to Contract #${id} to sign`);
    expect(turn.text).toContain('Review and sign the change order:');
    expect(turn.html).toContain('Review and sign the change order</a>');

    const alex = await linkMailedTo(t, orderId, CO_SIGNERS[0].email);
    const declined = await jsonPost(t.app, `/api/esign/${alex}/decline`, {
      reason: 'We changed our minds.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const told = await onlyMail(orderId, 'signer_declined_notice', 'jordan@example.com');
    expect(told.subject).toBe(`Alex Rivera declined to sign Change Order 1 to Contract #${id}`);
    for (const part of [told.text, told.html]) {
      expect(part).toContain(`Contract #${id} stands as it was`);
      expect(part).toContain(
        'A change order that one of its signers declines does not take effect.',
      );
      expect(part).toContain('Your contractor may send you a new change order.');
    }
  });
});
