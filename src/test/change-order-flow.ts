import { expect } from 'vitest';
import type { ChangeOrder } from '../domain/change-orders.schemas.js';
import { TEST_SIGNATURE_PNG } from './factories.js';
import { bodylessRequest, jsonPost, type TestApp } from './test-app.js';

/** What a test's change order changes, as `POST /api/contracts/:id/change-orders` takes it. */
export interface ChangeOrderInput {
  description: string;
  price_change_cents: number;
  days_change?: number | null;
  payment: 'spread' | 'new_stage';
  new_stage?: { label: string; trigger: string };
}

/**
 * A change order to a signed contract, written, signed by the contractor and sent (issue 38):
 * the three calls the contractor's screen makes, each checked.
 */
export async function sendChangeOrderTo(
  t: TestApp,
  owner: string,
  contractId: number,
  input: ChangeOrderInput,
): Promise<ChangeOrder> {
  const as = { cookie: owner, origin: t.origin };
  const created = await jsonPost(t.app, `/api/contracts/${contractId}/change-orders`, input, as);
  expect(created.statusCode, created.body).toBe(200);
  const order = created.json<ChangeOrder>();
  const signed = await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    as,
  );
  expect(signed.statusCode, signed.body).toBe(200);
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, as);
  expect(sent.statusCode, sent.body).toBe(200);
  return order;
}
