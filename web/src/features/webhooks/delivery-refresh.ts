import type { ListedWebhookDelivery } from '@domain/webhook-deliveries.schemas';

/** The list never looks again sooner than this: the sender itself looks for due work each second. */
export const QUICKEST_LOOK_MS = 1_000;
/** Nor later than this while a delivery is unsettled, whatever the clocks of browser and server. */
export const LONGEST_WAIT_MS = 30_000;

/** Waiting for its first try, for a retry, or being sent right now. */
export const isUnsettled = (delivery: Pick<ListedWebhookDelivery, 'status'>) =>
  delivery.status === 'pending' || delivery.status === 'delivering';

/**
 * How long the deliveries list waits before it asks again, or false once every delivery has
 * settled (delivered or failed), so a quiet list costs nothing. A delivery due now or being sent
 * is looked at every second; one waiting for a retry when its try is due (plus the sender's
 * second), between QUICKEST_LOOK_MS and LONGEST_WAIT_MS.
 */
export function nextLookInMs(
  deliveries: readonly ListedWebhookDelivery[] | undefined,
  now: number,
): number | false {
  let soonest = Number.POSITIVE_INFINITY;
  for (const delivery of deliveries ?? []) {
    if (!isUnsettled(delivery)) continue;
    const dueAt = delivery.next_attempt_at ? Date.parse(delivery.next_attempt_at) : now;
    soonest = Math.min(soonest, Number.isNaN(dueAt) ? 0 : dueAt - now);
  }
  if (soonest === Number.POSITIVE_INFINITY) return false;
  return Math.min(Math.max(soonest + QUICKEST_LOOK_MS, QUICKEST_LOOK_MS), LONGEST_WAIT_MS);
}

/**
 * The list with the row a redelivery answered: the same delivery brought forward is replaced in
 * place, a new one goes on top (the list is newest first), so the row shows "Waiting" at once
 * instead of whatever the list held before.
 */
export function withDelivery(
  deliveries: readonly ListedWebhookDelivery[] | undefined,
  answered: ListedWebhookDelivery,
): ListedWebhookDelivery[] {
  const rows = deliveries ?? [];
  if (rows.some((row) => row.id === answered.id)) {
    return rows.map((row) => (row.id === answered.id ? answered : row));
  }
  return [answered, ...rows];
}
