import type { DbOrTrx } from '../../db/kysely.js';
import type { CoSignerInput, SigningOrder } from '../../domain/signers.js';
import { listSigners } from '../signers/signers.repo.js';

/**
 * What a revision's draft keeps of who signs (issue 37): the other signers as the wizard holds
 * them (a draft has no signer rows: sending the revision makes them) and the signing order. The
 * first signer is the client of record, whom the draft's client fields already carry.
 */
export async function signersOfRevision(
  db: DbOrTrx,
  contract: { id: number; signing_order: SigningOrder },
): Promise<{ co_signers_json: string | null; signing_order: SigningOrder }> {
  const others = (await listSigners(db, contract.id)).slice(1);
  const coSigners: CoSignerInput[] = others.map((signer) => ({
    name: signer.name,
    email: signer.email,
    phone: signer.phone,
  }));
  return {
    co_signers_json: coSigners.length > 0 ? JSON.stringify(coSigners) : null,
    signing_order: contract.signing_order,
  };
}
