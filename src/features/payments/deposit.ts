import type { DbOrTrx } from '../../db/kysely.js';
import { depositStageIndex } from '../../domain/payments.js';
import type { CompanyId } from '../../domain/team.js';
import { holdingPayments, stagesOf } from './ledger.js';
import { stripeConnected } from './payment-settings.repo.js';

/** The stage the client is asked to pay from their signing link (issue 36). */
export interface PaymentDue {
  stage: number;
  label: string;
  amount_cents: number;
}

/**
 * The deposit due at signing, while it is unpaid and the company can take it online: null for a
 * plan without one (no query then: every opening of a signing page reads this), once a payment
 * holds it, or when the company has disconnected Stripe.
 */
export async function depositDueOf(
  db: DbOrTrx,
  contract: { id: number; company_id: CompanyId; payment_plan_json: string | null },
): Promise<PaymentDue | null> {
  const stages = stagesOf(contract.payment_plan_json);
  const index = depositStageIndex(stages);
  const stage = index === null ? undefined : stages[index];
  if (index === null || !stage) return null;
  if (!(await stripeConnected(db, contract.company_id))) return null;
  if ((await holdingPayments(db, contract.id)).has(index)) return null;
  return { stage: index, label: stage.label, amount_cents: stage.amount_cents };
}
