import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventType, WebhookPayload } from '../../domain/webhooks.schemas.js';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { DAY_MS, movableClock, newDevice, type MovableClock } from '../../test/follow-up-flow.js';
import { createTestApp, get, jsonPost, trpcMutation, type TestApp } from '../../test/test-app.js';
import {
  createWebhook,
  deliverOnce,
  expectedSignature,
  signaturesOf,
} from '../../test/webhook-flow.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { startDocumentWorker } from '../documents/document-worker.js';
import { createPdfRenderer } from '../documents/pdf-renderer.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { expireOverdue } from '../contracts/expiry.js';

/**
 * Each event of a contract's life becomes a webhook written in the same transaction (issue 19,
 * docs/decisions/025), carrying the contract's facts and never a signing token, a session, a
 * mail or a signature image.
 */
const START = new Date('2026-12-01T15:00:00.000Z');

const CONTRACT_FIELDS = [
  'client_name',
  'completed_at',
  'created_at',
  'created_by',
  'declined_at',
  'expires_at',
  'id',
  'sent_at',
  'sent_by',
  'signed_at',
  'status',
  'total_price_cents',
  'viewed_at',
  'voided_at',
];

interface Harness {
  t: TestApp;
  clock: MovableClock;
  owner: string;
  secret: string;
  receiver: WebhookReceiver;
  /** Values that must never appear in a payload: tokens, the session cookie. */
  secrets: string[];
}

async function harness(email: string, appOptions: { pdfAvailable?: boolean } = {}) {
  const clock = movableClock(START);
  const t = await createTestApp(
    { WEBHOOKS_ALLOW_PRIVATE: 'true' },
    { clock: clock.now, ...appOptions },
  );
  const owner = await contractorReadyToSend(t, email);
  const receiver = await startWebhookReceiver();
  const { secret } = await createWebhook(t, owner, receiver.url);
  const h: Harness = { t, clock, owner, secret, receiver, secrets: [owner.split('=')[1]!] };
  return h;
}

async function closeHarness(h: Harness | undefined) {
  await h?.receiver.close();
  await h?.t.close();
}

/** Sends what is queued and returns the payloads received since the last call, checked. */
async function received(h: Harness, from: number): Promise<WebhookPayload[]> {
  await deliverOnce(h.t, { now: h.clock.now });
  return h.receiver.received.slice(from).map((request) => {
    expect(signaturesOf(request)).toEqual([expectedSignature(h.secret, request)]);
    for (const secret of h.secrets) expect(request.body).not.toContain(secret);
    expect(request.body).not.toContain('data:image');
    expect(request.body).not.toContain('/esign/');
    expect(request.body).not.toContain('signature');
    const payload = JSON.parse(request.body) as WebhookPayload;
    expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
    // A signer's signature also carries the signer (issue 37); nothing else is added.
    const dataKeys = payload.type === 'contract.signer_signed' ? ['signer'] : [];
    expect(Object.keys(payload.data).sort()).toEqual(
      ['contract', 'executed_pdf_url', ...dataKeys].sort(),
    );
    expect(Object.keys(payload.data.contract).sort()).toEqual(CONTRACT_FIELDS);
    return payload;
  });
}

const typesOf = (payloads: WebhookPayload[]) => payloads.map((payload) => payload.type);

/** Sends a contract and remembers its token as something no payload may carry. */
async function sent(h: Harness) {
  const contract = await sendContract(h.t, h.owner);
  expect(contract.sent.statusCode).toBe(200);
  h.secrets.push(contract.token);
  return contract;
}

describe('webhooks of a contract signed without Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness('events@example.com');
  });
  afterAll(() => closeHarness(h));

  it('reports sending, the first opening only, the signature and the completion, in order', async () => {
    const signedOnly = await startWebhookReceiver();
    try {
      await createWebhook(h.t, h.owner, signedOnly.url, ['contract.signed']);
      const { id, token } = await sent(h);
      const device = newDevice();
      h.clock.advance(60_000);
      expect((await device.open(h.t, token)).statusCode).toBe(200);
      h.clock.advance(60_000);
      expect((await newDevice().open(h.t, token)).statusCode).toBe(200);
      h.clock.advance(60_000);
      expect((await device.sign(h.t, token)).statusCode).toBe(200);
      // A second signature loses and rolls back: its webhook with it.
      expect((await newDevice().sign(h.t, token)).statusCode).toBe(409);

      const payloads = await received(h, 0);
      expect(typesOf(payloads)).toEqual([
        'contract.sent',
        'contract.viewed',
        // Each signer's signature, then the contract's (issue 37).
        'contract.signer_signed',
        'contract.signed',
        'contract.completed',
      ]);
      const [sentEvent, viewed, signerSigned, signed, completed] = payloads;
      const senderId = await h.t.sql.value<number>(
        "SELECT id FROM users WHERE email = 'events@example.com'",
      );
      const sentAt = START.toISOString();
      const expiresAt = new Date(START.getTime() + 30 * DAY_MS).toISOString();
      expect(sentEvent).toEqual({
        type: 'contract.sent',
        timestamp: sentAt,
        data: {
          contract: {
            id,
            status: 'sent',
            client_name: 'Jordan Rivera',
            total_price_cents: 500_000,
            // Drafts are saved at the real time, not the test's clock.
            created_at: expect.any(String) as unknown,
            sent_at: sentAt,
            viewed_at: null,
            signed_at: null,
            completed_at: null,
            declined_at: null,
            voided_at: null,
            expires_at: expiresAt,
            // Who of the company wrote and sent it; their email until they give a name.
            created_by: { id: senderId, name: 'events@example.com' },
            sent_by: { id: senderId, name: 'events@example.com' },
          },
          executed_pdf_url: null,
        },
      });
      const viewedAt = new Date(START.getTime() + 60_000).toISOString();
      expect(viewed).toMatchObject({
        timestamp: viewedAt,
        data: { contract: { status: 'sent', viewed_at: viewedAt } },
      });
      const signedAt = new Date(START.getTime() + 180_000).toISOString();
      expect(signerSigned).toMatchObject({
        timestamp: signedAt,
        data: {
          signer: {
            position: 1,
            name: 'Jordan Rivera',
            email: 'jordan@example.com',
            signed_at: signedAt,
            signed_count: 1,
            signer_count: 1,
          },
        },
      });
      expect(signed).toMatchObject({
        timestamp: signedAt,
        data: { contract: { status: 'signed', viewed_at: viewedAt, signed_at: signedAt } },
      });
      expect(completed).toMatchObject({
        timestamp: signedAt,
        // The HTML copy: no sealed PDF to fetch.
        data: { contract: { status: 'completed', completed_at: signedAt }, executed_pdf_url: null },
      });

      // An endpoint gets only the events it picked.
      await deliverOnce(h.t, { now: h.clock.now });
      expect(
        signedOnly.received.map((request) => JSON.parse(request.body) as WebhookPayload),
      ).toEqual([signed]);
    } finally {
      await signedOnly.close();
    }
  });

  it('reports a decline with its time', async () => {
    const from = h.receiver.received.length;
    const { id, token } = await sent(h);
    h.clock.advance(60_000);
    expect((await newDevice().decline(h.t, token, 'Too expensive')).statusCode).toBe(200);
    const payloads = (await received(h, from)).filter((payload) => payload.data.contract.id === id);
    expect(typesOf(payloads)).toEqual(['contract.sent', 'contract.declined']);
    expect(payloads[1]).toMatchObject({
      timestamp: h.clock.now().toISOString(),
      data: { contract: { status: 'declined', declined_at: h.clock.now().toISOString() } },
    });
    // The reason is the contractor's to read in the app, not the integrator's.
    expect(JSON.stringify(payloads)).not.toContain('Too expensive');
  });

  it('reports a withdrawal, and the withdrawal of a sent contract that is revised', async () => {
    const from = h.receiver.received.length;
    const withdrawn = await sent(h);
    const revised = await sent(h);
    const post = (url: string, body: unknown) => jsonPost(h.t.app, url, body, { cookie: h.owner });
    expect(
      (await post(`/api/contracts/${withdrawn.id}/void`, { reason: 'Wrong price' })).statusCode,
    ).toBe(200);
    expect((await post(`/api/contracts/${revised.id}/revise`, {})).statusCode).toBe(200);
    const payloads = await received(h, from);
    const voided = payloads.filter((payload) => payload.type === 'contract.voided');
    expect(voided.map((payload) => payload.data.contract.id)).toEqual([withdrawn.id, revised.id]);
    for (const payload of voided) {
      expect(payload.data.contract).toMatchObject({
        status: 'voided',
        voided_at: h.clock.now().toISOString(),
      });
    }
  });

  it('reports expiry at the time the link ran out', async () => {
    const from = h.receiver.received.length;
    const { id } = await sent(h);
    const expiresAt = new Date(h.clock.now().getTime() + 30 * DAY_MS).toISOString();
    h.clock.advance(31 * DAY_MS);
    expect(await expireOverdue(h.t.db, h.clock.now())).toBeGreaterThan(0);
    const payloads = (await received(h, from)).filter((payload) => payload.data.contract.id === id);
    expect(typesOf(payloads)).toEqual(['contract.sent', 'contract.expired']);
    expect(payloads[1]).toMatchObject({
      timestamp: expiresAt,
      data: { contract: { status: 'expired', expires_at: expiresAt } },
    });

    // Reopened with a new link, it awaits signature again: sent, once more.
    const reopenedFrom = h.receiver.received.length;
    const extended = await jsonPost(
      h.t.app,
      `/api/contracts/${id}/extend`,
      { days: 7 },
      { cookie: h.owner },
    );
    expect(extended.statusCode).toBe(200);
    const reopened = await received(h, reopenedFrom);
    expect(typesOf(reopened)).toEqual(['contract.sent']);
    expect(reopened[0]).toMatchObject({
      timestamp: h.clock.now().toISOString(),
      data: {
        contract: {
          id,
          status: 'sent',
          expires_at: new Date(h.clock.now().getTime() + 7 * DAY_MS).toISOString(),
        },
      },
    });
  });
});

describe('webhooks of a contract sealed as a PDF', () => {
  let h: Harness;
  const quiet = { info: () => undefined, warn: () => undefined };
  const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
  beforeAll(async () => {
    h = await harness('sealed@example.com', { pdfAvailable: true });
  });
  afterAll(async () => {
    await renderer.close();
    await closeHarness(h);
  });

  it('reports the completion once the sealed PDF exists, with its address for an API key', async () => {
    const { id, token } = await sent(h);
    expect((await newDevice().sign(h.t, token)).statusCode).toBe(200);
    const worker = startDocumentWorker({
      db: h.t.db,
      renderer,
      publicUrl: h.t.config.PUBLIC_URL,
      log: quiet,
      pollMs: 60_000,
      mailSealer: mailSealerForDataDir(h.t.dir),
      now: h.clock.now,
    });
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
    }
    const payloads = await received(h, 0);
    const types: WebhookEventType[] = [
      'contract.sent',
      'contract.signer_signed',
      'contract.signed',
      'contract.completed',
    ];
    expect(typesOf(payloads)).toEqual(types);
    expect(payloads[2]).toMatchObject({
      data: { contract: { status: 'signed' }, executed_pdf_url: null },
    });
    const url = `${h.t.config.PUBLIC_URL}/api/contracts/${id}/executed.pdf`;
    expect(payloads[3]).toMatchObject({
      data: {
        contract: { status: 'completed', completed_at: h.clock.now().toISOString() },
        executed_pdf_url: url,
      },
    });

    const created = await trpcMutation(
      h.t.app,
      'apiKeys.create',
      { name: 'CRM' },
      { cookie: h.owner },
    );
    const { key } = created.json<{ result: { data: { key: string } } }>().result.data;
    const pdf = await get(h.t.app, new URL(url).pathname, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
