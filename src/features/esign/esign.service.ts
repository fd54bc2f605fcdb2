import type { Config } from '../../config.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { documentForDisplay } from '../../domain/contract-document/index.js';
import { ESIGN_CONSENT_VERSION } from '../../domain/esign-consent.js';
import type { EsignView } from '../../domain/esign.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { insertContractEvent } from '../contracts/contracts.repo.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { finishClientSigning } from '../contracts/completion.js';
import { findSigningLink } from './signing-links.js';
import { transition } from '../contracts/contract-transition.js';

export interface SigningClient {
  ip: string;
  userAgent: string;
}

const INVALID_LINK = 'This signature link is no longer valid';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The contract behind a link, if the link may be used now: unknown, voided and expired links are
 * all the same 404. After signing, the link stays readable for the same number of days again.
 */
export async function resolveSigningLink(
  db: DbOrTrx,
  config: Config,
  token: string,
  now = Date.now(),
) {
  const link = await findSigningLink(db, token);
  if (!link || link.revoked_at) throw new AppError('NOT_FOUND', INVALID_LINK);
  const contract = await db
    .selectFrom('contracts')
    .select([
      'id',
      'user_id',
      'status',
      'company_name',
      'company_phone',
      'company_email',
      'client_name',
      'client_email',
      'total_price_cents',
      'template_html',
      'client_signed_at',
      'created_at',
      'my_signed_at',
    ])
    .where('id', '=', link.contract_id)
    .executeTakeFirst();
  if (!contract?.template_html || contract.status === 'draft')
    throw new AppError('NOT_FOUND', INVALID_LINK);
  const readableUntil = contract.client_signed_at
    ? Math.max(
        Date.parse(link.expires_at),
        Date.parse(contract.client_signed_at) + config.SIGNING_LINK_DAYS * DAY_MS,
      )
    : Date.parse(link.expires_at);
  if (now >= readableUntil) throw new AppError('NOT_FOUND', INVALID_LINK);
  return { link, contract: { ...contract, template_html: contract.template_html } };
}

/**
 * A reload from the same device within this window, with no other device in between, is the same
 * viewing, not a new one: the audit trail shows each real opening without letting a reload loop
 * bury it in rows (the per-address rate limit bounds the rest).
 */
export const VIEW_DEDUPE_WINDOW_MS = 10 * 60 * 1000;

const MINUTE_MS = 60_000;

/**
 * Per address: opening signing pages (a homeowner reloads; a guesser of links does not get far)
 * and signing (a real client signs once).
 */
export const esignRateLimits = {
  view: { limit: 60, windowMs: MINUTE_MS },
  sign: { limit: 20, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/** What the homeowner sees; every opening is recorded (first and later views). */
export async function viewSigningPage(
  db: DB,
  config: Config,
  token: string,
  client: SigningClient,
  now = new Date(),
): Promise<EsignView> {
  await enforceRateLimits(db, [{ key: `esign-view:ip:${client.ip}`, rule: esignRateLimits.view }]);
  const { link, contract } = await resolveSigningLink(db, config, token);
  await recordView(db, contract.id, client, now);
  // The spec's Contract field names; nothing of the account or the link itself.
  return {
    id: contract.id,
    status: contract.status as EsignView['status'],
    created_at: contract.created_at,
    total_price_cents: contract.total_price_cents,
    client_name: contract.client_name,
    company_name: contract.company_name,
    company_phone: contract.company_phone,
    company_email: contract.company_email,
    // Frozen documents already follow the policy; one frozen before it gets it on the way out.
    template_html: documentForDisplay(contract.template_html),
    client_signed_at: contract.client_signed_at,
    my_signed_at: contract.my_signed_at,
    expires_at: link.expires_at,
    consent_version: ESIGN_CONSENT_VERSION,
    executed_pdf: Boolean(
      await db
        .selectFrom('documents')
        .select('contract_id')
        .where('contract_id', '=', contract.id)
        .executeTakeFirst(),
    ),
  };
}

/**
 * The client's one signature (docs/decisions/009): the update is conditional on nobody
 * having signed, so concurrent attempts give exactly one success and 409 for the rest.
 */
export async function signAsClient(
  db: DB,
  config: Config,
  token: string,
  input: { signature: string; consentVersion: string; timeZone?: string | null },
  client: SigningClient,
  options: { sealedPdf: boolean; mailSealer: MailSealer },
): Promise<{ status: string; client_signed_at: string }> {
  await enforceRateLimits(db, [{ key: `esign-sign:ip:${client.ip}`, rule: esignRateLimits.sign }]);
  const { contract } = await resolveSigningLink(db, config, token);
  if (contract.client_signed_at)
    throw new AppError('CONFLICT', 'This contract has already been signed');
  return db.transaction().execute(async (trx) => {
    const signedAt = new Date().toISOString();
    const who = { actor: 'client', ip: client.ip, userAgent: client.userAgent };
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'consented',
      at: signedAt,
      ...who,
      details: { disclosure_version: input.consentVersion },
    });
    const claimed = await transition(trx, {
      contractId: contract.id,
      from: ['sent'],
      to: 'signed',
      stillNull: ['client_signed_at'],
      set: { client_signed_at: signedAt, client_signature_png: input.signature },
      event: {
        type: 'signed_by_client',
        at: signedAt,
        ...who,
        details: { time_zone: input.timeZone ?? null },
      },
    });
    // The losing signature rolls back with its consent event.
    if (!claimed) throw new AppError('CONFLICT', 'This contract has already been signed');
    await finishClientSigning(trx, contract.id, input.signature, signedAt, options);
    return { status: options.sealedPdf ? 'signed' : 'completed', client_signed_at: signedAt };
  });
}

/** Records an opening unless it repeats the last one (same device, within the window). */
async function recordView(db: DB, contractId: number, client: SigningClient, now: Date) {
  // Only the latest view is compared: one index step, however long the trail grows.
  const last = await db
    .selectFrom('contract_events')
    .select(['at', 'ip', 'user_agent'])
    .where('contract_id', '=', contractId)
    .where('type', '=', 'viewed')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sameDevice = last?.ip === client.ip && last.user_agent === client.userAgent.slice(0, 500);
  if (sameDevice && now.getTime() - Date.parse(last.at) < VIEW_DEDUPE_WINDOW_MS) return;
  await insertContractEvent(db, {
    contractId,
    type: 'viewed',
    at: now.toISOString(),
    actor: 'client',
    ip: client.ip,
    userAgent: client.userAgent,
    details: { first: !last },
  });
}
