import { z } from 'zod';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CoSigner } from '../../domain/contracts.schemas.js';
import { duplicateSignerEmail, type CoSignerInput } from '../../domain/signers.js';
import { AppError } from '../../lib/app-error.js';
import { listSigners, type SignerRow } from '../signers/signers.repo.js';

/**
 * A draft's other signers (issue 37): typed in the wizard's step 2, kept as JSON on the draft
 * (`contracts.co_signers_json`), and turned into signer rows only when the contract is sent.
 */

const storedCoSignersSchema = z.array(
  z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
);

/** The co-signers as stored: trimmed, a blank phone as none; no co-signer at all is null. */
export function coSignersJson(coSigners: readonly CoSignerInput[]): string | null {
  if (coSigners.length === 0) return null;
  const stored: CoSigner[] = coSigners.map((signer) => ({
    name: signer.name.trim(),
    email: signer.email.trim(),
    phone: signer.phone?.trim() || null,
  }));
  return JSON.stringify(stored);
}

/** A draft's stored co-signers; a damaged column reads as none rather than breaking the draft. */
export function parseCoSigners(json: string | null): CoSigner[] {
  if (json === null) return [];
  try {
    const parsed = storedCoSignersSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A sent contract's co-signers: every signer after the client of record, as they were sent. */
export function coSignersOfSigners(signers: readonly SignerRow[]): CoSigner[] {
  return signers
    .filter((signer) => signer.position > 1)
    .map(({ name, email, phone }) => ({ name, email, phone }));
}

/** Whoever signs beside the client: a draft's as typed, a sent contract's from its signers. */
export async function coSignersOfContract(
  db: DbOrTrx,
  row: { id: number; status: string; co_signers_json: string | null },
): Promise<CoSigner[]> {
  if (row.status === 'draft') return parseCoSigners(row.co_signers_json);
  return coSignersOfSigners(await listSigners(db, row.id));
}

/**
 * One person is one signer: the client's email and each co-signer's must differ (compared as the
 * outbox sends them), or the second link would go to the same inbox.
 */
export function assertDistinctSignerEmails(
  clientEmail: string | null | undefined,
  coSigners: readonly { email: string }[],
): void {
  const emails = [clientEmail ?? '', ...coSigners.map((signer) => signer.email)].filter(
    (email) => email.trim() !== '',
  );
  const twice = duplicateSignerEmail(emails);
  if (twice !== null) {
    throw new AppError(
      'BAD_REQUEST',
      `${twice} is the email of two signers: each signer needs an email address of their own`,
    );
  }
}
