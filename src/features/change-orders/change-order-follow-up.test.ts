import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { DAY_MS, followUpDeps, movableClock } from '../../test/follow-up-flow.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  openQueuedBody,
  type TestApp,
} from '../../test/test-app.js';
import { expireOverdue } from '../contracts/expiry.js';
import { sendDueReminders } from '../follow-up/reminders.service.js';

/**
 * A sent change order is reminded and expires as a contract does (issue 38): the reminder names
 * it, and its expiry leaves the contract as it was.
 */
const clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, 'co-follow@example.com');
});
afterAll(() => t.close());

it('is reminded in its own words, then expires, the contract unchanged', async () => {
  const as = { cookie: owner, origin: t.origin };
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const order = (
    await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      { description: 'Add a valve.', price_change_cents: 10_000, payment: 'spread' },
      as,
    )
  ).json<ChangeOrder>();
  await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    as,
  );
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, as);
  expect(sent.statusCode, sent.body).toBe(200);

  clock.advance(3 * DAY_MS);
  expect(await sendDueReminders(followUpDeps(t, clock.now))).toBe(1);
  const reminder = await t.sql.get<{ subject: string; text: string }>(
    "SELECT subject, text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_reminder'",
    order.id,
  );
  expect(reminder?.subject).toBe(
    `Reminder: Greenleaf Co is waiting for your signature on Change Order 1 to Contract #${id}`,
  );
  const text = openQueuedBody(t, reminder?.text ?? '');
  expect(text).toContain(
    `Greenleaf Co sent you Change Order 1 to Contract #${id}, which is still waiting for your signature.`,
  );
  expect(text).toContain('Review and sign the change order:');
  expect(text).toContain(`Change order: Change Order 1 to Contract #${id}`);
  expect(text).toContain('This change: +$100.00');

  clock.advance(60 * DAY_MS);
  await expireOverdue(t.db, clock.now());
  const expired = await get(t.app, `/api/change-orders/${order.id}`, { cookie: owner });
  expect(expired.json<ChangeOrder>().status).toBe('expired');
  const contract = await get(t.app, `/api/contracts/${id}`, { cookie: owner });
  expect(contract.json<{ total_price_cents: number }>().total_price_cents).toBe(500_000);
});
