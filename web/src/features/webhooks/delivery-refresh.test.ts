import { describe, expect, it } from 'vitest';
import type { ListedWebhookDelivery } from '@domain/webhook-deliveries.schemas';
import { LONGEST_WAIT_MS, nextLookInMs, QUICKEST_LOOK_MS, withDelivery } from './delivery-refresh';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function delivery(overrides: Partial<ListedWebhookDelivery>): ListedWebhookDelivery {
  return {
    id: 1,
    event_type: 'contract.completed',
    status: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    next_attempt_at: null,
    created_at: at(-60_000),
    delivered_at: at(-59_000),
    contract_id: 12,
    client_name: 'Riley Webb',
    contract_exists: true,
    ...overrides,
  };
}

describe('how often the deliveries list asks again', () => {
  it('stops once every delivery has settled', () => {
    expect(nextLookInMs(undefined, NOW)).toBe(false);
    expect(nextLookInMs([], NOW)).toBe(false);
    const settled = [delivery({}), delivery({ id: 2, status: 'failed', delivered_at: null })];
    expect(nextLookInMs(settled, NOW)).toBe(false);
  });

  it('looks every second while one is due now or being sent', () => {
    const waiting = delivery({ id: 2, status: 'pending', attempts: 0, next_attempt_at: at(0) });
    expect(nextLookInMs([waiting, delivery({})], NOW)).toBe(QUICKEST_LOOK_MS);
    const sending = delivery({ id: 3, status: 'delivering', next_attempt_at: null });
    expect(nextLookInMs([sending], NOW)).toBe(QUICKEST_LOOK_MS);
    // A clock ahead of the server's sees it overdue: still once a second, never a busy loop.
    const overdue = delivery({ status: 'pending', next_attempt_at: at(-10 * 60_000) });
    expect(nextLookInMs([overdue], NOW)).toBe(QUICKEST_LOOK_MS);
  });

  it('waits for a retry until it is due, and never longer than the bound', () => {
    const retrying = delivery({ status: 'pending', attempts: 1, next_attempt_at: at(20_000) });
    expect(nextLookInMs([retrying], NOW)).toBe(20_000 + QUICKEST_LOOK_MS);
    const later = delivery({ status: 'pending', attempts: 3, next_attempt_at: at(3_600_000) });
    expect(nextLookInMs([later], NOW)).toBe(LONGEST_WAIT_MS);
    // The soonest unsettled one decides.
    expect(nextLookInMs([later, retrying], NOW)).toBe(20_000 + QUICKEST_LOOK_MS);
  });
});

describe('the row a redelivery answers', () => {
  it('replaces the same delivery in place, or goes on top as a new one', () => {
    const first = delivery({ id: 1 });
    const retrying = delivery({
      id: 2,
      status: 'pending',
      attempts: 1,
      next_attempt_at: at(30_000),
    });
    const broughtForward = { ...retrying, next_attempt_at: at(0) };
    expect(withDelivery([retrying, first], broughtForward)).toEqual([broughtForward, first]);
    const again = delivery({ id: 3, status: 'pending', attempts: 0, next_attempt_at: at(0) });
    expect(withDelivery([retrying, first], again)).toEqual([again, retrying, first]);
    expect(withDelivery(undefined, again)).toEqual([again]);
  });
});
