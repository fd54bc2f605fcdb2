import type { DbOrTrx } from '../../db/kysely.js';
import type { AcceptanceInput, AcceptanceStatus } from '../../domain/acceptances.schemas.js';
import { LEGAL_DISCLAIMER_VERSION } from '../../domain/legal-disclaimer.js';
import type { SessionUser } from '../../ports/session.js';
import { findLatestAcceptance, insertAcceptance } from './acceptances.repo.js';

export interface ActingClient {
  ip: string;
  userAgent: string;
}

/**
 * Records who accepted which version of the disclaimer, when, from where: evidence kept as an
 * append-only history (a re-acceptance adds a row, nothing is overwritten), in the company's
 * records. Each person who signs contracts for the company accepts it themselves: the name they
 * type is the name their signature carries (docs/decisions/045).
 */
export async function recordAcceptance(
  db: DbOrTrx,
  user: SessionUser,
  input: AcceptanceInput,
  client: ActingClient,
): Promise<AcceptanceStatus> {
  await insertAcceptance(db, {
    companyId: user.companyId,
    userId: user.id,
    type: input.type,
    typedName: input.typed_name,
    version: LEGAL_DISCLAIMER_VERSION,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    now: new Date().toISOString(),
  });
  return getAcceptanceStatus(db, user.id);
}

/** This person's acceptance: accepted means of the disclaimer as it reads now; a new version asks again. */
export async function getAcceptanceStatus(db: DbOrTrx, userId: number): Promise<AcceptanceStatus> {
  const latest = await findLatestAcceptance(db, userId, 'legal_disclaimer');
  const current = latest?.disclaimer_version === LEGAL_DISCLAIMER_VERSION;
  return {
    accepted: current,
    typed_name: current ? latest.typed_name : null,
    accepted_at: current ? latest.accepted_at : null,
    disclaimer_version: LEGAL_DISCLAIMER_VERSION,
  };
}
