import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { Webhook } from 'standardwebhooks';

/**
 * A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64, the form the
 * `standardwebhooks` libraries of every language take as is. It must sign each delivery, so it
 * is kept sealed (the mail key, docs/decisions/017), not hashed (docs/decisions/025).
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A message id for the `webhook-id` header, shared by an event's deliveries and their retries. */
export function generateWebhookEventId(): string {
  return `msg_${encodeBase32LowerCaseNoPadding(randomBytes(15))}`;
}

/**
 * The `webhook-signature` header: one `v1,<signature>` per secret, space-separated, as the
 * specification allows, so during a rotation a receiver holding either secret verifies it.
 */
export function signWebhook(
  secrets: readonly string[],
  eventId: string,
  at: Date,
  body: string,
): string {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
}
