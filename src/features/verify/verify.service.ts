import type { DbOrTrx } from '../../db/kysely.js';
import { readSealRecord } from '../../domain/seal-record.js';
import { describeValidationError } from '../../domain/validation-messages.js';
import {
  NO_MATCH_MESSAGE,
  sha256HexSchema,
  type VerifyResult,
} from '../../domain/verify.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { findSealedCopySha256 } from '../documents/documents.repo.js';
import { listSigners } from '../signers/signers.repo.js';

/** Checks per address and minute: enough for a person, little for a guesser. */
export const verifyRateLimit = { limit: 30, windowMs: 60_000 } satisfies RateLimitRule;

/**
 * Is `candidate` (lower-case hex) the fingerprint of the sealed executed copy of a completed
 * contract or change order (a change order is sealed and completed as a contract is), and who
 * signed it? Unknown fingerprints and contracts not (or no longer) completed
 * are the same 404, so the answer tells nothing about drafts or contracts still out for
 * signature. Each check is counted before the input is read, so guessing with malformed input
 * costs the same as with good.
 */
export async function verifyExecutedCopy(
  db: DbOrTrx,
  candidate: unknown,
  client: { ip: string },
  now: Date,
): Promise<VerifyResult> {
  await enforceRateLimits(
    db,
    [{ key: `verify:ip:${client.ip}`, rule: verifyRateLimit }],
    now,
    'Too many checks. Please wait a minute and try again.',
  );
  const parsed = sha256HexSchema.safeParse(candidate);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeValidationError(parsed.error));
  const sha256 = parsed.data;
  const row = await db
    .selectFrom('documents')
    .innerJoin('contracts', 'contracts.id', 'documents.contract_id')
    .select([
      'documents.contract_id',
      'documents.created_at',
      'documents.seal_json',
      'contracts.company_name',
      'contracts.client_name',
      'contracts.change_order_of',
      'contracts.change_order_number',
    ])
    .where('documents.pdf_sha256', '=', sha256)
    .where('contracts.status', '=', 'completed')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NO_MATCH_MESSAGE);
  const signers = await listSigners(db, row.contract_id);
  return {
    genuine: true,
    contract_id: row.contract_id,
    contractor: row.company_name,
    client: row.client_name,
    completed_at: row.created_at,
    signers: signers.map((signer) => ({ name: signer.name, signed_at: signer.signed_at })),
    change_order: await changedContractOf(db, row),
    seal: readSealRecord(row.seal_json),
  };
}

/**
 * The contract a change order's copy changes, and that contract's sealed copy by the fingerprint
 * the change order's certificate prints (docs/decisions/049). Null for a contract's copy.
 */
async function changedContractOf(
  db: DbOrTrx,
  row: { change_order_of: number | null; change_order_number: number | null },
): Promise<VerifyResult['change_order']> {
  if (row.change_order_of === null || row.change_order_number === null) return null;
  return {
    number: row.change_order_number,
    contract_id: row.change_order_of,
    contract_sha256: await findSealedCopySha256(db, row.change_order_of),
  };
}
