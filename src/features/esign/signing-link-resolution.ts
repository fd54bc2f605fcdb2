import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { expireOverdue, isOverdue } from '../contracts/expiry.js';
import { findSigningLink } from './signing-links.js';
import { findSigner } from '../signers/signers.repo.js';

export interface SigningClient {
  ip: string;
  userAgent: string;
}

/** What the homeowner's calls use. */
export type EsignDeps = Pick<AppDeps, 'db' | 'config' | 'mailSealer' | 'clock'>;

export const INVALID_LINK = 'This signature link is no longer valid';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The contract behind a link (issue 17): every link of a contract works while the contract is
 * sent, whichever email it came in; a sent contract past its deadline expires here first. An
 * expired, declined or withdrawn contract's link still resolves, so the page can say which.
 * After signing, the link stays readable for the same number of days again. Unknown and
 * revoked links, and drafts, are all the same 404. Each link is one signer's (issue 37): the
 * answer names them, and the contract is seen in their language.
 */
export async function resolveSigningLink(db: DbOrTrx, config: Config, token: string, now: Date) {
  const link = await findSigningLink(db, token);
  if (!link || link.revoked_at || link.signer_id === null) {
    throw new AppError('NOT_FOUND', INVALID_LINK);
  }
  // Whose link it is (issue 37): they read and sign in their own language.
  const signer = await findSigner(db, link.signer_id);
  if (!signer) throw new AppError('NOT_FOUND', INVALID_LINK);
  let contract = await findLinkedContract(db, link.contract_id);
  if (contract && isOverdue(contract, now)) {
    await expireOverdue(db, now, { contractId: contract.id });
    contract = await findLinkedContract(db, link.contract_id);
  }
  if (!contract?.template_html || contract.status === 'draft')
    throw new AppError('NOT_FOUND', INVALID_LINK);
  if (contract.client_signed_at) {
    const readableUntil = Math.max(
      Date.parse(link.expires_at),
      Date.parse(contract.client_signed_at) + config.SIGNING_LINK_DAYS * DAY_MS,
    );
    if (now.getTime() >= readableUntil) throw new AppError('NOT_FOUND', INVALID_LINK);
  }
  return {
    link,
    signer,
    contract: {
      ...contract,
      template_html: contract.template_html,
      // What the link's holder reads the page, the notice and their mails in.
      language: signer.language,
      // The contract's own: a signed contract's record keeps it.
      contract_language: contract.language,
    },
  };
}

/** Built once (docs/decisions/013): every opening of a signing page reads it. */
const linkedContract = preparedQuery((db, params: { contractId: number }) =>
  db
    .selectFrom('contracts')
    .select([
      'id',
      'company_id',
      // Who its mails about the client go to: who signed and sent it (docs/decisions/045).
      sql<number>`coalesce(sent_by_user_id, created_by_user_id)`.as('contractor_user_id'),
      'status',
      'company_name',
      'company_phone',
      'company_email',
      'client_name',
      'client_email',
      'total_price_cents',
      // The deposit due at signing (issue 36).
      'payment_plan_json',
      'template_html',
      'client_signed_at',
      'created_at',
      'my_signed_at',
      'expires_at',
      'closed_at',
      'closed_reason',
      'language',
      'signing_order',
      'signer_count',
      // A change order names its contract and carries its money (issue 38).
      'change_order_of',
      'change_order_number',
      'price_change_cents',
      'change_money_json',
    ])
    .where('id', '=', params.contractId),
);

async function findLinkedContract(db: DbOrTrx, contractId: number) {
  const [contract] = await linkedContract(db, { contractId });
  return contract;
}
