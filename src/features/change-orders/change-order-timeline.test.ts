import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContractEvent } from '../../domain/contracts.schemas.js';
import { sendChangeOrderTo } from '../../test/change-order-flow.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import { createTestApp, get, jsonPost, trpcQuery, type TestApp } from '../../test/test-app.js';

/**
 * A contract's timeline tells its change orders' steps among its own (issue 38): each says which
 * change order it is, and openings and mails stay on the change order's own record.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'co-timeline@example.com');
});
afterAll(() => t.close());

it("shows a withdrawn and a signed change order on the contract's timeline, in order", async () => {
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const first = await sendChangeOrderTo(t, owner, id, {
    description: 'Add a valve.',
    price_change_cents: 10_000,
    payment: 'spread',
  });
  const voided = await jsonPost(
    t.app,
    `/api/change-orders/${first.id}/void`,
    { reason: 'Priced wrong' },
    { cookie: owner, origin: t.origin },
  );
  expect(voided.statusCode, voided.body).toBe(200);
  const second = await sendChangeOrderTo(t, owner, id, {
    description: 'Extend the drip line.',
    price_change_cents: 120_000,
    payment: 'spread',
  });
  const link = await linkMailedTo(t, second.id, 'jordan@example.com');
  expect((await clientSigns(t, link)).statusCode).toBe(200);

  const timeline = (await get(t.app, `/api/contracts/${id}/timeline`, { cookie: owner })).json<
    ContractEvent[]
  >();
  const steps = timeline.map((event) => [event.change_order?.number ?? null, event.type]);
  const ofChanges = steps.filter(([number]) => number !== null);
  expect(ofChanges).toEqual([
    [1, 'signed_by_contractor'],
    [1, 'sent'],
    [1, 'voided'],
    [2, 'signed_by_contractor'],
    [2, 'sent'],
    [2, 'signed_by_client'],
    [2, 'completed'],
  ]);
  // The contract's own steps come first (it was signed before any change), and name none.
  const firstChange = steps.findIndex(([number]) => number !== null);
  expect(steps.slice(0, firstChange).map(([, type]) => type)).toContain('signed_by_client');
  expect(timeline.slice(0, firstChange).every((event) => event.change_order === null)).toBe(true);
  // The withdrawal's reason is the change order's, on the contract's timeline too.
  expect(timeline.find((event) => event.type === 'voided')?.details).toMatchObject({
    reason: 'Priced wrong',
  });
  expect(timeline.find((event) => event.type === 'voided')?.change_order?.id).toBe(first.id);
  // The tRPC twin answers the same.
  const twin = await trpcQuery(t.app, 'contracts.timeline', { id }, { cookie: owner });
  expect(twin.json<{ result: { data: ContractEvent[] } }>().result.data).toEqual(timeline);
});
