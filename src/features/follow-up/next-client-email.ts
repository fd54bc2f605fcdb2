import type { CompanyId } from '../../domain/team.js';
import type { NextClientEmail } from '../../domain/client-mail-budget.js';
import { clientMailRefusal } from '../../domain/client-mail-budget.js';
import { formatDateTime } from '../../domain/dates.js';
import { AppError } from '../../lib/app-error.js';
import { findContractRow } from '../contracts/contracts.repo.js';
import { clientMailWait } from './client-mail-budget.js';
import type { FollowUpDeps } from './follow-up-deps.js';

/**
 * GET /api/contracts/:id/next-client-email: when a reminder or a new link may email this
 * contract's client (issue 33). The contract's page disables its buttons until then and says
 * why, in the words and on the clock a 429 would use.
 */
export async function nextClientEmail(
  deps: Pick<FollowUpDeps, 'db' | 'clock'>,
  companyId: CompanyId,
  id: number,
): Promise<NextClientEmail> {
  const row = await findContractRow(deps.db, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
  const wait = await clientMailWait(deps.db, { companyId, followUpOf: id }, deps.clock());
  if (!wait) return { next_email_at: null, message: null };
  const when = formatDateTime(wait.allowedAt, wait.timeZone);
  return { next_email_at: wait.allowedAt, message: clientMailRefusal(wait, wait.perDay, when) };
}
