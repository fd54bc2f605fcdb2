import type { DbOrTrx } from '../../db/kysely.js';
import {
  HOLDING_PAYMENT_STATUSES,
  RECORDED_PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentRowStatus,
  type StagePaymentStatus,
} from '../../domain/payments.js';
import {
  UNDO_WINDOW_MS,
  type StagePayment,
  type StagePayments,
} from '../../domain/stage-payments.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { stagesOf } from './ledger.js';
import {
  contractForPayments,
  lastRequestsOf,
  livePaymentsOf,
  type ContractForPayments,
} from './stage-payments.repo.js';

/** What the later stages' services use: the database, mail, Stripe's settings, the clock. */
export type StagePaymentsDeps = Pick<AppDeps, 'db' | 'config' | 'mailSealer' | 'clock'>;

export const CONTRACT_NOT_FOUND = 'Contract not found';

const holds = (status: PaymentRowStatus) =>
  (HOLDING_PAYMENT_STATUSES as readonly string[]).includes(status);

export const recordedByHand = (method: PaymentMethod) =>
  (RECORDED_PAYMENT_METHODS as readonly string[]).includes(method);

/** Until when a payment recorded at `createdAt` may be undone. */
export const undoDeadlineOf = (createdAt: string) =>
  new Date(Date.parse(createdAt) + UNDO_WINDOW_MS).toISOString();

type LivePayment = Awaited<ReturnType<typeof livePaymentsOf>>[number];

/** The stage's status a payment gives it; a failed one gives none (never shown: it holds nothing). */
const STAGE_STATUS_OF: Record<PaymentRowStatus, StagePaymentStatus> = {
  processing: 'processing',
  paid: 'paid',
  partly_refunded: 'partly_refunded',
  refunded: 'refunded',
  failed: 'unpaid',
};

/**
 * One stage as the contract page shows it. The payment holding it says what it is (processing,
 * paid, partly refunded); otherwise a refund in full says refunded, unless the stage was asked
 * for again since; otherwise a request says requested. A bank payment that failed holds nothing:
 * the stage is unpaid or requested again.
 */
function stageOf(
  stage: { label: string; amount_cents: number },
  payments: readonly LivePayment[],
  requestedAt: string | null,
  now: Date,
): StagePayment {
  const base = {
    label: stage.label,
    amount_cents: stage.amount_cents,
    requested_at: requestedAt,
  };
  const held = payments.find((payment) => holds(payment.status));
  const refunded = payments.find((payment) => payment.status === 'refunded');
  const shown =
    held ?? (refunded && (!requestedAt || requestedAt <= refunded.updated_at) ? refunded : null);
  if (!shown) {
    return {
      ...base,
      status: requestedAt ? 'requested' : 'unpaid',
      paid_at: null,
      method: null,
      refunded_cents: 0,
      can_undo_until: null,
    };
  }
  const undoUntil = undoDeadlineOf(shown.created_at);
  return {
    ...base,
    status: STAGE_STATUS_OF[shown.status],
    paid_at: shown.paid_at,
    method: shown.method,
    refunded_cents: shown.refunded_cents,
    can_undo_until:
      held && recordedByHand(shown.method) && Date.parse(undoUntil) > now.getTime()
        ? undoUntil
        : null,
  };
}

/** A contract's payments, stage by stage, with what is paid of the whole. */
export async function paymentsAnswer(
  db: DbOrTrx,
  contract: Pick<
    ContractForPayments,
    'id' | 'company_id' | 'payment_plan_json' | 'total_price_cents'
  >,
  now: Date,
): Promise<StagePayments> {
  const [payments, requests, paid] = await Promise.all([
    livePaymentsOf(db, contract.company_id, contract.id),
    lastRequestsOf(db, contract.company_id, contract.id),
    // What refreshPaymentSummary keeps, in the same transaction as each payment's change.
    db
      .selectFrom('contracts')
      .select('paid_cents')
      .where('id', '=', contract.id)
      .where('company_id', '=', contract.company_id)
      .executeTakeFirstOrThrow(),
  ]);
  const stages = stagesOf(contract.payment_plan_json).map((stage, index) =>
    stageOf(
      stage,
      payments.filter((payment) => payment.stage_index === index),
      requests.get(index) ?? null,
      now,
    ),
  );
  return {
    stages,
    paid_cents: paid.paid_cents,
    total_cents:
      contract.total_price_cents ?? stages.reduce((sum, stage) => sum + stage.amount_cents, 0),
  };
}

/** GET /api/contracts/:id/payments: anyone of the company may read them. */
export async function listStagePayments(
  deps: Pick<StagePaymentsDeps, 'db' | 'clock'>,
  companyId: CompanyId,
  contractId: number,
): Promise<StagePayments> {
  const contract = await contractForPayments(deps.db, companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', CONTRACT_NOT_FOUND);
  return paymentsAnswer(deps.db, contract, deps.clock());
}
