import type { Config } from '../../config.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type CreateWebhookInput,
  type CreatedWebhook,
  type RotatedWebhookSecret,
  type WebhookDeliverySummary,
  type WebhookEndpointSummary,
  type WebhookEventType,
} from '../../domain/webhooks.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { MailSealer } from '../mail/body-seal.js';
import { checkWebhookUrl, WebhookAddressRefused, type HostResolver } from './ssrf-guard.js';
import { generateWebhookSecret } from './webhook-secret.js';

/**
 * Webhook endpoints and their deliveries, for Settings → API and the REST facade (issue 19,
 * docs/decisions/025). Every query is scoped by owner: another account's endpoint or delivery
 * is the same 404 as one that does not exist. Secrets are sealed at rest and shown once.
 */
export interface WebhookDeps {
  db: DB;
  config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE'>;
  mailSealer: MailSealer;
  clock: () => Date;
  /** DNS for the address check at save; tests inject names. */
  resolve?: HostResolver;
}

/** After a rotation, the previous secret keeps signing this long, so receivers can switch. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Deliveries the screen lists per endpoint, newest first. */
export const LISTED_DELIVERIES = 50;

const NOT_FOUND = 'Webhook not found';

interface EndpointRow {
  id: number;
  url: string;
  events: string;
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_by_key: string | null;
}

const summary = (row: EndpointRow): WebhookEndpointSummary => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEventType[],
  created_at: row.created_at,
  disabled_at: row.disabled_at,
  disabled_reason: row.disabled_reason,
  created_by_key: row.created_by_key,
});

/** The account's endpoints, newest first: never their secrets. */
export async function listWebhookEndpoints(
  db: DbOrTrx,
  userId: number,
): Promise<WebhookEndpointSummary[]> {
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .leftJoin('api_keys as k', 'k.id', 'e.created_by_api_key')
    .select([
      'e.id',
      'e.url',
      'e.events',
      'e.created_at',
      'e.disabled_at',
      'e.disabled_reason',
      'k.name as created_by_key',
    ])
    .where('e.user_id', '=', userId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map(summary);
}

/**
 * A new endpoint, once its URL passes the address guard; the answer is the only place its secret
 * ever appears. The guard's reason is the contractor's 400. An integration may register itself
 * with its API key (`createdByApiKey`): the endpoint then lives as long as the key does.
 */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  userId: number,
  input: CreateWebhookInput,
  createdByApiKey: string | null = null,
): Promise<CreatedWebhook> {
  const { db } = deps;
  const count = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError(
      'CONFLICT',
      `An account can have ${MAX_WEBHOOK_ENDPOINTS} webhooks at most: delete one you no longer use first`,
    );
  }
  await checkUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      user_id: userId,
      url: input.url,
      events: JSON.stringify(input.events),
      secret: deps.mailSealer.seal(secret),
      created_at: deps.clock().toISOString(),
      created_by_api_key: createdByApiKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, url: input.url, events: input.events, secret };
}

async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await checkWebhookUrl(url, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE }, deps.resolve);
  } catch (error) {
    if (error instanceof WebhookAddressRefused) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}

/** Deletes one of the account's endpoints with its deliveries; nothing more is sent to it. */
export async function deleteWebhookEndpoint(db: DB, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, userId, id);
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpoint.id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
  });
}

/**
 * A new secret, shown once. The one it replaces keeps signing for ROTATION_OVERLAP_MS: each
 * delivery carries both signatures meanwhile, so a receiver can switch at its own pace.
 */
export async function rotateWebhookSecret(
  deps: Pick<WebhookDeps, 'db' | 'mailSealer' | 'clock'>,
  userId: number,
  id: number,
): Promise<RotatedWebhookSecret> {
  const now = deps.clock();
  const secret = generateWebhookSecret();
  const overlapEnds = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, userId, id);
    await trx
      .updateTable('webhook_endpoints')
      .set({
        secret: deps.mailSealer.seal(secret),
        previous_secret: endpoint.secret,
        previous_secret_expires_at: overlapEnds,
      })
      .where('id', '=', endpoint.id)
      .execute();
  });
  return { id, secret, previous_secret_expires_at: overlapEnds };
}

async function findOwnedEndpoint(db: DbOrTrx, userId: number, id: number) {
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'disabled_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!endpoint) throw new AppError('NOT_FOUND', NOT_FOUND);
  return endpoint;
}

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
}

const deliverySummary = (row: DeliveryRow): WebhookDeliverySummary => ({
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
});

/** An endpoint's last deliveries, newest first. */
export async function listWebhookDeliveries(
  db: DbOrTrx,
  userId: number,
  endpointId: number,
): Promise<WebhookDeliverySummary[]> {
  await findOwnedEndpoint(db, userId, endpointId);
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .select(DELIVERY_COLUMNS)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(LISTED_DELIVERIES)
    .execute();
  return rows.map(deliverySummary);
}

/**
 * Sends a delivery again now, with the same `webhook-id`, so a receiver that already has it can
 * drop it. One still waiting for its retry is simply due now; a finished one (succeeded or
 * failed) is queued anew, keeping the old row as the record of what happened.
 */
export async function redeliverWebhookDelivery(
  deps: Pick<WebhookDeps, 'db' | 'clock'>,
  userId: number,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDeliverySummary> {
  const now = deps.clock().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, userId, endpointId);
    if (endpoint.disabled_at !== null) {
      throw new AppError(
        'CONFLICT',
        'This webhook was disabled because its receiver answered 410 Gone: add it again to receive events',
      );
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
      .executeTakeFirstOrThrow();
    return deliverySummary(row);
  });
}
