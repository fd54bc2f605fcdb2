import { peopleNamed, personOf } from '../credentials/people-names.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type {
  WebhookChangeOrder,
  WebhookPayment,
  WebhookContract,
  WebhookEventType,
  WebhookPayload,
  WebhookSigner,
} from '../../domain/webhooks.schemas.js';
import { generateWebhookEventId } from './webhook-secret.js';

export interface WebhookEvent {
  type: WebhookEventType;
  contractId: number;
  /** When it happened: the payload's `timestamp`. */
  at: string;
  /** For an event reported at most once per endpoint (the first opening), whatever the races. */
  dedupeKey?: string;
  /** The payment a payment.* event reports (issue 36). */
  payment?: WebhookPayment;
  /** The signer a contract.signer_signed event reports (issue 37). */
  signer?: WebhookSigner;
}

/**
 * Queues an event for every enabled endpoint of the contract's company that subscribed to it
 * (docs/decisions/025). Call it in the transaction of the change it reports, after the change,
 * so the payload shows the contract as it now is, and a change that rolls back sends nothing.
 * Costs one query when the company has no endpoint for it. Returns how many were queued.
 */
export async function queueWebhookEvent(trx: DbOrTrx, given: WebhookEvent): Promise<number> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints as e')
    .innerJoin('contracts as c', 'c.company_id', 'e.company_id')
    .select(['e.id', 'e.events', 'c.change_order_of'])
    .where('c.id', '=', given.contractId)
    .where('e.disabled_at', 'is', null)
    .execute();
  if (endpoints.length === 0) return 0;
  const changeOrderOfRow = endpoints[0]?.change_order_of ?? null;
  const changeOrder = changeOrderOfRow === null ? null : await changeOrderOf(trx, given.contractId);
  const type = changeOrder ? CHANGE_ORDER_EVENTS[given.type] : given.type;
  // A change order reports its own steps only (issue 38); never as a contract.
  if (!type) return 0;
  const event = { ...given, type };
  const subscribed = endpoints.filter((endpoint) =>
    (JSON.parse(endpoint.events) as string[]).includes(event.type),
  );
  if (subscribed.length === 0) return 0;
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: event.at,
    data: {
      contract: await webhookContract(trx, event.contractId),
      executed_pdf_url: (await hasExecutedPdf(trx, event.contractId))
        ? executedPdfPath(event.contractId)
        : null,
      ...(event.payment ? { payment: event.payment } : {}),
      ...(event.signer ? { signer: event.signer } : {}),
      ...(changeOrder ? { change_order: changeOrder } : {}),
    },
  };
  const eventId = generateWebhookEventId();
  const inserted = await trx
    .insertInto('webhook_deliveries')
    .values(
      subscribed.map((endpoint) => ({
        endpoint_id: endpoint.id,
        event_id: eventId,
        event_type: event.type,
        payload: JSON.stringify(payload),
        dedupe_key: event.dedupeKey ?? null,
        status: 'pending' as const,
        next_attempt_at: event.at,
        created_at: event.at,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The PDF's address without the origin: the sender adds its PUBLIC_URL, so queueing needs no
 * configuration (the expiry sweeper has none).
 */
export function executedPdfPath(contractId: number): string {
  return `/api/contracts/${contractId}/executed.pdf`;
}

async function hasExecutedPdf(trx: DbOrTrx, contractId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('documents')
    .select('contract_id')
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The contract's facts a webhook may carry, and only those (never a token or an image). */
async function webhookContract(trx: DbOrTrx, contractId: number): Promise<WebhookContract> {
  const firstEventAt = (type: 'viewed' | 'completed') =>
    trx
      .selectFrom('contract_events')
      .select((eb) => eb.fn.min<string>('at').as('at'))
      .where('contract_id', '=', contractId)
      .where('type', '=', type);
  const row = await trx
    .selectFrom('contracts')
    .select([
      'id',
      'status',
      'client_name',
      'total_price_cents',
      'created_at',
      'sent_at',
      'client_signed_at',
      'closed_at',
      'expires_at',
      'created_by_user_id',
      'sent_by_user_id',
    ])
    .select([firstEventAt('viewed').as('viewed_at'), firstEventAt('completed').as('completed_at')])
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
  const people = await peopleNamed(trx, [row.created_by_user_id, row.sent_by_user_id]);
  return {
    id: row.id,
    status: row.status,
    client_name: row.client_name,
    total_price_cents: row.total_price_cents,
    created_at: row.created_at,
    sent_at: row.sent_at,
    viewed_at: row.viewed_at ?? null,
    signed_at: row.client_signed_at,
    completed_at: row.completed_at ?? null,
    declined_at: row.status === 'declined' ? row.closed_at : null,
    voided_at: row.status === 'voided' ? row.closed_at : null,
    expires_at: row.expires_at,
    created_by: personOf(people, row.created_by_user_id),
    sent_by: personOf(people, row.sent_by_user_id),
  };
}

/** A change order's contract.* events, as it reports them; the others it does not (issue 38). */
const CHANGE_ORDER_EVENTS: Partial<Record<WebhookEventType, WebhookEventType>> = {
  'contract.sent': 'change_order.sent',
  'contract.signed': 'change_order.signed',
  'contract.declined': 'change_order.declined',
};

async function changeOrderOf(trx: DbOrTrx, id: number): Promise<WebhookChangeOrder | null> {
  const row = await trx
    .selectFrom('contracts')
    .select(['change_order_of', 'change_order_number', 'price_change_cents', 'total_price_cents'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.change_order_of) return null;
  return {
    id,
    number: row.change_order_number ?? 0,
    contract_id: row.change_order_of,
    price_change_cents: row.price_change_cents ?? 0,
    // Set to the new sum at its send (src/features/change-orders/change-order-send.service.ts).
    sum_after_cents: row.total_price_cents ?? 0,
  };
}
