import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { DB } from '../db/kysely.js';
import { createDb } from '../db/kysely.js';
import { createPostgresDb } from '../db/postgres.js';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhook,
  type WebhookEventType,
  type WebhookPayload,
} from '../domain/webhooks.schemas.js';
import { mailSealerForDataDir } from '../features/mail/body-seal.js';
import {
  startWebhookWorker,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from '../features/webhooks/webhook-worker.js';
import type { ReceivedWebhook } from './webhook-receiver.js';
import { trpcMutation, type TestApp } from './test-app.js';

/** Helpers of the webhook tests (issue 19, docs/decisions/025). */

export const ALL_WEBHOOK_EVENTS: WebhookEventType[] = [...WEBHOOK_EVENT_TYPES];

/** Registers an endpoint through the settings screen's tRPC call; throws on anything but 200. */
export async function createWebhook(
  t: TestApp,
  cookie: string,
  url: string,
  events: WebhookEventType[] = ALL_WEBHOOK_EVENTS,
): Promise<CreatedWebhook> {
  const answer = await trpcMutation(t.app, 'webhooks.create', { url, events }, { cookie });
  if (answer.statusCode !== 200) {
    throw new Error(`webhooks.create: ${answer.statusCode} ${answer.body}`);
  }
  return answer.json<{ result: { data: CreatedWebhook } }>().result.data;
}

/** A worker that only runs when told to, with the app's key, no jitter and the given clock. */
export function manualWebhookWorker(
  t: TestApp,
  options: Partial<WebhookWorkerOptions> & { now: () => Date },
): WebhookWorker {
  return startWebhookWorker({
    db: t.db,
    sealer: mailSealerForDataDir(t.dir),
    log: { info: () => undefined, warn: () => undefined },
    publicUrl: t.config.PUBLIC_URL,
    allowPrivate: true,
    pollMs: 60_000,
    timeoutMs: 2_000,
    random: () => 0.5,
    ...options,
  });
}

/** Runs one poll of a worker made for it, then stops the worker. */
export async function deliverOnce(
  t: TestApp,
  options: Partial<WebhookWorkerOptions> & { now: () => Date },
): Promise<number> {
  const worker = manualWebhookWorker(t, options);
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

/**
 * Checks a received webhook's signature with the `standardwebhooks` package, as a receiver
 * would (its 5-minute tolerance is against the real time), and returns the payload.
 */
export function verifyWebhook(secret: string, received: ReceivedWebhook): WebhookPayload {
  return new Webhook(secret).verify(
    received.body,
    received.headers as Record<string, string>,
  ) as WebhookPayload;
}

/** The `v1,...` signatures of a received webhook. */
export function signaturesOf(received: ReceivedWebhook): string[] {
  return String(received.headers['webhook-signature']).split(' ');
}

/** What `secret` signs for this webhook, computed with the package from its own headers. */
export function expectedSignature(secret: string, received: ReceivedWebhook): string {
  const seconds = Number(received.headers['webhook-timestamp']);
  return new Webhook(secret).sign(
    String(received.headers['webhook-id']),
    new Date(seconds * 1000),
    received.body,
  );
}

/** A second connection to the app's database, as another instance holds it. Close it after. */
export function connectAgain(t: TestApp): DB {
  return t.engine === 'postgres' && t.databaseUrl
    ? createPostgresDb(t.databaseUrl, { poolSize: 4, onIdleError: () => undefined })
    : createDb(path.join(t.dir, 'app.db')).db;
}
