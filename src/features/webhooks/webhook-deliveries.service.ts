import { z } from 'zod';
import type { CompanyId } from '../../domain/team.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ListedWebhookDelivery } from '../../domain/webhook-deliveries.schemas.js';
import type { WebhookDeliverySummary, WebhookEventType } from '../../domain/webhooks.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { stoppedEndpointMessage } from './endpoint-stops.js';
import { findOwnedEndpoint, type WebhookCaller, type WebhookDeps } from './webhooks.service.js';

/**
 * An endpoint's deliveries, for Settings → API and the REST facade (issues 19 and 31,
 * docs/decisions/025): how each sending went and which contract it was about, and sending one
 * again. Every query is scoped by owner: another account's delivery is the same 404 as none.
 */

/** Deliveries the screen lists per endpoint, newest first. */
export const LISTED_DELIVERIES = 50;

const DELIVERY_COLUMNS = [
  'd.id',
  'd.event_type',
  'd.status',
  'd.attempts',
  'd.last_status_code',
  'd.last_error',
  'd.next_attempt_at',
  'd.created_at',
  'd.delivered_at',
  // Read only to learn the contract's number and client; never part of an answer.
  'd.payload',
] as const;

interface DeliveryRow {
  id: number;
  event_type: string;
  status: WebhookDeliverySummary['status'];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  delivered_at: string | null;
  payload: string;
}

/** The one part of a stored payload the list needs: which contract, and its client. */
const payloadContractSchema = z.object({
  data: z.object({
    contract: z.object({ id: z.number(), client_name: z.string().nullable() }),
  }),
});

function contractOfPayload(payload: string): { id: number; client_name: string | null } | null {
  try {
    const parsed = payloadContractSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data.data.contract : null;
  } catch {
    return null;
  }
}

/**
 * Each delivery as the list shows it, with the contract it is about. The contract is looked up
 * in this company only: one that is not there is named from the event, without a link.
 */
async function listed(
  db: DbOrTrx,
  companyId: CompanyId,
  rows: DeliveryRow[],
): Promise<ListedWebhookDelivery[]> {
  const named = rows.map((row) => ({ row, contract: contractOfPayload(row.payload) }));
  const ids = [...new Set(named.flatMap(({ contract }) => (contract ? [contract.id] : [])))];
  const owned =
    ids.length === 0
      ? []
      : await db
          .selectFrom('contracts')
          .select(['id', 'client_name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .execute();
  const ownedById = new Map(owned.map((contract) => [contract.id, contract]));
  return named.map(({ row, contract }) => {
    const current = contract ? ownedById.get(contract.id) : undefined;
    return {
      id: row.id,
      event_type: row.event_type as WebhookEventType,
      status: row.status,
      attempts: row.attempts,
      last_status_code: row.last_status_code,
      last_error: row.last_error,
      // While delivering it holds the lease's end, which is no try of its own.
      next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
      created_at: row.created_at,
      delivered_at: row.delivered_at,
      contract_id: contract?.id ?? null,
      client_name: current ? current.client_name : (contract?.client_name ?? null),
      contract_exists: current !== undefined,
    };
  });
}

/** An endpoint's last deliveries, newest first, each naming its contract. */
export async function listWebhookDeliveries(
  db: DbOrTrx,
  caller: WebhookCaller,
  endpointId: number,
): Promise<ListedWebhookDelivery[]> {
  await findOwnedEndpoint(db, caller, endpointId);
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .select(DELIVERY_COLUMNS)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(LISTED_DELIVERIES)
    .execute();
  return listed(db, caller.user.companyId, rows);
}

/**
 * Sends a delivery again now, with the same `webhook-id`, so a receiver that already has it can
 * drop it. One still waiting for its retry is simply due now; a finished one (succeeded or
 * failed) is queued anew, keeping the old row as the record of what happened. Answers the row
 * that will be sent, as the list shows it.
 */
export async function redeliverWebhookDelivery(
  deps: Pick<WebhookDeps, 'db' | 'clock'>,
  caller: WebhookCaller,
  endpointId: number,
  deliveryId: number,
): Promise<ListedWebhookDelivery> {
  const now = deps.clock().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, caller, endpointId);
    if (endpoint.disabled_at !== null) {
      throw new AppError('CONFLICT', stoppedEndpointMessage(endpoint.disabled_reason));
    }
    const delivery = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpoint.id)
      .executeTakeFirst();
    if (!delivery) throw new AppError('NOT_FOUND', 'Delivery not found');
    // The same event already queued again (a second click) is brought forward, not doubled.
    const unfinished = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'status'])
      .where('endpoint_id', '=', endpoint.id)
      .where('event_id', '=', delivery.event_id)
      .where('status', 'in', ['pending', 'delivering'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (unfinished?.status === 'delivering') {
      throw new AppError('CONFLICT', 'This delivery is being sent right now');
    }
    let id: number;
    if (unfinished) {
      id = unfinished.id;
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    } else {
      const again = await trx
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_id: delivery.event_id,
          event_type: delivery.event_type,
          payload: delivery.payload,
          status: 'pending',
          next_attempt_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = again.id;
    }
    const row = await trx
      .selectFrom('webhook_deliveries as d')
      .select(DELIVERY_COLUMNS)
      .where('d.id', '=', id)
      .where('d.endpoint_id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    const [answer] = await listed(trx, caller.user.companyId, [row]);
    return answer!;
  });
}
