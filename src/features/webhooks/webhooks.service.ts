import type { Config } from '../../config.js';
import { inCompanyLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type CreateWebhookInput,
  type CreatedWebhook,
  type RotatedWebhookSecret,
  type WebhookEndpointSummary,
  type WebhookEventType,
} from '../../domain/webhooks.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import type { MailSealer } from '../mail/body-seal.js';
import { checkWebhookUrl, WebhookAddressRefused, type HostResolver } from './ssrf-guard.js';
import { generateWebhookSecret } from './webhook-secret.js';

/**
 * Webhook endpoints, for Settings → API and the REST facade (issue 19, docs/decisions/025); their
 * deliveries are in webhook-deliveries.service.ts. Every query is scoped by company, and only an
 * owner manages them (issue 35): another company's endpoint is the same 404 as one that does not
 * exist. A call made with an API key is
 * scoped further, to the endpoints that key registered (issue 33): a key handed to one tool
 * cannot read, rotate or delete the receivers a person or another tool set up. Secrets are sealed
 * at rest and shown once.
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

const NOT_FOUND = 'Webhook not found';

/**
 * Whose endpoints a call may touch: an owner signed in sees every endpoint of the company; a call
 * with an API key sees only those the key registered (`created_by_api_key`).
 */
export interface WebhookCaller {
  user: SessionUser;
  /** The key of a call made with one; null for a person signed in. */
  apiKeyId: string | null;
}

/** The caller of a request, from the session both transports read (request-context.ts). */
export function webhookCallerOf(session: {
  user: SessionUser;
  via: 'cookie' | 'api_key';
  apiKeyId?: string;
}): WebhookCaller {
  if (session.via !== 'api_key') return { user: session.user, apiKeyId: null };
  // Never silently widened to the whole company.
  if (!session.apiKeyId) throw new Error('A session made from an API key has no key id');
  return { user: session.user, apiKeyId: session.apiKeyId };
}

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

/** The caller's endpoints, newest first: never their secrets. */
export async function listWebhookEndpoints(
  db: DbOrTrx,
  caller: WebhookCaller,
): Promise<WebhookEndpointSummary[]> {
  await requireOwner(db, caller.user, 'webhooks');
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
    .where('e.company_id', '=', caller.user.companyId)
    .$if(caller.apiKeyId !== null, (query) =>
      query.where('e.created_by_api_key', '=', caller.apiKeyId),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map(summary);
}

/**
 * A new endpoint, once its URL passes the address guard; the answer is the only place its secret
 * ever appears. The guard's reason is the contractor's 400. An integration may register itself
 * with its API key (the caller's `apiKeyId`): the endpoint then lives as long as the key does.
 * The count and the insert are one transaction under the company's lock, so racing requests
 * cannot pass the cap; the address is checked before it, so no lock waits on DNS.
 */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  caller: WebhookCaller,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  const { db } = deps;
  const { companyId } = caller.user;
  await requireOwner(db, caller.user, 'webhooks');
  // A full company hears so before its URL is looked up; the count that counts is the one below.
  await refuseOverCap(db, companyId);
  await checkUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const row = await inCompanyLock(db, companyId, async (trx) => {
    await refuseOverCap(trx, companyId);
    return trx
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        created_by_user_id: caller.user.id,
        url: input.url,
        events: JSON.stringify(input.events),
        secret: deps.mailSealer.seal(secret),
        created_at: deps.clock().toISOString(),
        created_by_api_key: caller.apiKeyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return { id: row.id, url: input.url, events: input.events, secret };
}

async function refuseOverCap(db: DbOrTrx, companyId: CompanyId): Promise<void> {
  const count = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError(
      'CONFLICT',
      `A company can have ${MAX_WEBHOOK_ENDPOINTS} webhooks at most: delete one you no longer use first`,
    );
  }
}

async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await checkWebhookUrl(url, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE }, deps.resolve);
  } catch (error) {
    if (error instanceof WebhookAddressRefused) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}

/** Deletes one of the caller's endpoints with its deliveries; nothing more is sent to it. */
export async function deleteWebhookEndpoint(
  db: DB,
  caller: WebhookCaller,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, caller, id);
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
  caller: WebhookCaller,
  id: number,
): Promise<RotatedWebhookSecret> {
  const now = deps.clock();
  const secret = generateWebhookSecret();
  const overlapEnds = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const endpoint = await findOwnedEndpoint(trx, caller, id);
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

/**
 * One of the caller's endpoints; another company's, or for a key one it did not register, is the
 * same 404 as none. A member is refused before anything is looked up.
 */
export async function findOwnedEndpoint(db: DbOrTrx, caller: WebhookCaller, id: number) {
  await requireOwner(db, caller.user, 'webhooks');
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'disabled_at', 'disabled_reason'])
    .where('id', '=', id)
    .where('company_id', '=', caller.user.companyId)
    .$if(caller.apiKeyId !== null, (query) =>
      query.where('created_by_api_key', '=', caller.apiKeyId),
    )
    .executeTakeFirst();
  if (!endpoint) throw new AppError('NOT_FOUND', NOT_FOUND);
  return endpoint;
}
