import type { DbOrTrx } from '../../db/kysely.js';
import { PAYMENT_LINK_DAYS } from '../../domain/stage-payments.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import {
  generateAccountToken,
  hashAccountToken,
  isAccountTokenShaped,
} from '../account-tokens/account-token.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The emailed links to pay a stage, /pay/<token> (issue 36): 256 random bits, of which only the
 * SHA-256 is stored (docs/decisions/041), so a copy of the database opens no payment page. A link
 * works for 30 days; a newer request for the same stage leaves the older links working, as
 * reminders leave earlier signing links working.
 */
export async function createPaymentRequest(
  trx: DbOrTrx,
  request: { companyId: CompanyId; contractId: number; stageIndex: number; requestedBy: number },
  now: Date,
): Promise<{ id: number; token: string; expiresAt: string }> {
  const token = generateAccountToken();
  const expiresAt = new Date(now.getTime() + PAYMENT_LINK_DAYS * DAY_MS).toISOString();
  const row = await trx
    .insertInto('payment_requests')
    .values({
      company_id: request.companyId,
      contract_id: request.contractId,
      stage_index: request.stageIndex,
      token_hash: hashAccountToken(token),
      requested_by_user_id: request.requestedBy,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

/**
 * The request a link names, with its contract (the request's own company's), while the link
 * works; undefined for a malformed, unknown or expired one, which the page words alike.
 */
export async function liveRequestOf(db: DbOrTrx, token: string, now: Date) {
  if (!isAccountTokenShaped(token)) return undefined;
  return db
    .selectFrom('payment_requests as r')
    .innerJoin('contracts as c', (join) =>
      join.onRef('c.id', '=', 'r.contract_id').onRef('c.company_id', '=', 'r.company_id'),
    )
    .select([
      'r.stage_index',
      'r.expires_at',
      'c.id',
      'c.company_id',
      'c.status',
      'c.payment_plan_json',
      'c.client_data',
      'c.client_name',
      'c.client_email',
      'c.language',
      'c.company_name',
      'c.company_phone',
      'c.company_email',
    ])
    .where('r.token_hash', '=', hashAccountToken(token))
    .where('r.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export type LiveRequest = NonNullable<Awaited<ReturnType<typeof liveRequestOf>>>;
