import type { DB } from '../../db/kysely.js';
import type { ChangeOrderMoney, ChangeOrderPayment } from '../../domain/change-order-money.js';
import type {
  ChangeOrder,
  ChangeOrderInput,
  ChangeOrderUpdate,
} from '../../domain/change-orders.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { findContractRow, type FoundContractRow } from '../contracts/contracts.repo.js';
import type { Actor } from '../sessions/request-context.js';
import { listSigners, lockContractForSigners } from '../signers/signers.repo.js';
import { moneyAgainst } from './change-order-money.js';
import {
  findChangeOrderRow,
  listChangeOrderRows,
  nextChangeOrderNumber,
  type ChangeOrderRow,
} from './change-orders.repo.js';

export interface ChangeOrderDeps {
  db: DB;
  clock: () => Date;
}

const NOT_FOUND = 'Change order not found';

/** Only a contract every party signed takes change orders (issue 38). */
async function signedContractOf(deps: ChangeOrderDeps, user: SessionUser, contractId: number) {
  const contract = await findContractRow(deps.db, user.companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  if (contract.status !== 'signed' && contract.status !== 'completed') {
    throw new AppError('CONFLICT', 'Only a signed contract takes change orders');
  }
  return contract;
}

function paymentOf(input: Pick<ChangeOrderInput, 'payment' | 'new_stage'>): ChangeOrderPayment {
  return input.payment === 'new_stage' && input.new_stage
    ? { kind: 'new_stage', label: input.new_stage.label, trigger: input.new_stage.trigger }
    : { kind: 'spread' };
}

/** POST /api/contracts/:id/change-orders: a draft, numbered in the contract's line. */
export async function createChangeOrder(
  deps: ChangeOrderDeps,
  user: SessionUser,
  contractId: number,
  input: ChangeOrderInput,
  actor: Actor,
): Promise<ChangeOrder> {
  const contract = await signedContractOf(deps, user, contractId);
  const payment = paymentOf(input);
  const now = deps.clock().toISOString();
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockContractForSigners(trx, contract.id);
    const money = await moneyAgainst(trx, contract, {
      id: null,
      priceChangeCents: input.price_change_cents,
      daysChange: input.days_change ?? null,
      payment,
    });
    if (!money.ok) throw new AppError('BAD_REQUEST', money.message);
    const number = await nextChangeOrderNumber(trx, contract.id);
    // Everyone who signed the contract signs its change orders, in the same order.
    const signers = await listSigners(trx, contract.id);
    const inserted = await trx
      .insertInto('contracts')
      .values({
        company_id: contract.company_id,
        created_by_user_id: user.id,
        status: 'draft',
        client_name: contract.client_name,
        client_email: contract.client_email,
        client_phone: contract.client_phone,
        client_address: contract.client_address,
        language: contract.language,
        scope_raw: JSON.stringify([input.description]),
        scope_clean: JSON.stringify({ paragraph: input.description, bullets: [] }),
        home_sale: contract.home_sale,
        signing_order: contract.signing_order,
        co_signers_json:
          signers.length > 1
            ? JSON.stringify(
                signers.slice(1).map(({ name, email, phone }) => ({ name, email, phone })),
              )
            : null,
        change_order_of: contract.id,
        change_order_number: number,
        price_change_cents: input.price_change_cents,
        days_change: input.days_change ?? null,
        change_payment_json: JSON.stringify(payment),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertContractEvent(trx, {
      contractId: inserted.id,
      type: 'created',
      at: now,
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { change_order_of: contract.id, number },
    });
    return inserted.id;
  });
  return getChangeOrder(deps, user, id);
}

/** GET /api/contracts/:id/change-orders: every change order of a contract, in order. */
export async function listChangeOrders(
  deps: ChangeOrderDeps,
  user: SessionUser,
  contractId: number,
): Promise<ChangeOrder[]> {
  const contract = await findContractRow(deps.db, user.companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  const rows = await listChangeOrderRows(deps.db, user.companyId, contractId);
  const answers: ChangeOrder[] = [];
  for (const row of rows) answers.push(await answerOf(deps, contract, row));
  return answers;
}

export async function getChangeOrder(
  deps: ChangeOrderDeps,
  user: SessionUser,
  id: number,
): Promise<ChangeOrder> {
  const row = await findChangeOrderRow(deps.db, user.companyId, id);
  if (!row?.change_order_of) throw new AppError('NOT_FOUND', NOT_FOUND);
  const contract = await findContractRow(deps.db, user.companyId, row.change_order_of);
  if (!contract) throw new AppError('NOT_FOUND', NOT_FOUND);
  return answerOf(deps, contract, row);
}

/** PUT /api/change-orders/:id: a draft's words, price, days or payment; each left out is kept. */
export async function updateChangeOrder(
  deps: ChangeOrderDeps,
  user: SessionUser,
  id: number,
  input: ChangeOrderUpdate,
): Promise<ChangeOrder> {
  const row = await draftOf(deps, user, id);
  const contract = await signedContractOf(deps, user, row.change_order_of ?? 0);
  const saved = savedPaymentOf(row);
  const payment =
    input.payment === undefined
      ? saved
      : paymentOf({ payment: input.payment, new_stage: input.new_stage ?? null });
  const priceChangeCents = input.price_change_cents ?? row.price_change_cents ?? 0;
  const daysChange = input.days_change === undefined ? row.days_change : input.days_change;
  const money = await moneyAgainst(deps.db, contract, {
    id: row.id,
    priceChangeCents,
    daysChange,
    payment,
  });
  if (!money.ok) throw new AppError('BAD_REQUEST', money.message);
  const description = input.description ?? descriptionOf(row);
  await deps.db
    .updateTable('contracts')
    .set({
      scope_raw: JSON.stringify([description]),
      scope_clean: JSON.stringify({ paragraph: description, bullets: [] }),
      price_change_cents: priceChangeCents,
      days_change: daysChange,
      change_payment_json: JSON.stringify(payment),
      // A changed draft is signed again by the contractor before it is sent.
      my_signature_png: null,
      my_signed_at: null,
      updated_at: deps.clock().toISOString(),
    })
    .where('id', '=', row.id)
    .where('company_id', '=', user.companyId)
    .execute();
  return getChangeOrder(deps, user, row.id);
}

/** DELETE /api/change-orders/:id: a draft only; its number may be used again. */
export async function deleteChangeOrder(
  deps: ChangeOrderDeps,
  user: SessionUser,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const row = await draftOf(deps, user, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contract_events').where('contract_id', '=', row.id).execute();
    await trx
      .deleteFrom('contracts')
      .where('id', '=', row.id)
      .where('company_id', '=', user.companyId)
      .execute();
  });
  return { id: row.id, deleted: true };
}

async function draftOf(deps: ChangeOrderDeps, user: SessionUser, id: number) {
  const row = await findChangeOrderRow(deps.db, user.companyId, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.status !== 'draft') {
    throw new AppError(
      'CONFLICT',
      'A sent change order is not edited: withdraw it and write a new one',
    );
  }
  return row;
}

export function savedPaymentOf(row: ChangeOrderRow): ChangeOrderPayment {
  return row.change_payment_json
    ? (JSON.parse(row.change_payment_json) as ChangeOrderPayment)
    : { kind: 'spread' };
}

export function descriptionOf(row: ChangeOrderRow): string {
  if (!row.scope_clean) return '';
  return (JSON.parse(row.scope_clean) as { paragraph?: string }).paragraph ?? '';
}

/**
 * The answer: a sent change order's money as it was sent; a draft's against the contract as it
 * stands now, with the reason it could not be sent as it is, if any.
 */
async function answerOf(
  deps: ChangeOrderDeps,
  contract: FoundContractRow,
  row: ChangeOrderRow,
): Promise<ChangeOrder> {
  const payment = savedPaymentOf(row);
  let money: ChangeOrderMoney;
  let problem: string | null = null;
  if (row.change_money_json) {
    money = JSON.parse(row.change_money_json) as ChangeOrderMoney;
  } else {
    const live = await moneyAgainst(deps.db, contract, {
      id: row.id,
      priceChangeCents: row.price_change_cents ?? 0,
      daysChange: row.days_change,
      payment,
    });
    if (live.ok) {
      money = live.money;
    } else {
      problem = live.message;
      money = await unchangedMoney(deps, contract, row);
    }
  }
  return {
    id: row.id,
    contract_id: contract.id,
    number: row.change_order_number ?? 0,
    status: row.status,
    description: descriptionOf(row),
    price_change_cents: row.price_change_cents ?? 0,
    days_change: row.days_change,
    payment: payment.kind,
    new_stage:
      payment.kind === 'new_stage' ? { label: payment.label, trigger: payment.trigger } : null,
    original_sum_cents: money.original_sum_cents,
    earlier_changes_cents: money.earlier_changes_cents,
    sum_before_cents: money.sum_before_cents,
    sum_after_cents: money.sum_after_cents,
    days_before: money.days_before,
    days_after: money.days_after,
    stages_before: money.stages_before,
    stages_after: money.stages_after,
    problem,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sent_at: row.sent_at,
  };
}

/** A draft that cannot go as it is still shows its lines; the stages stay as they stand. */
async function unchangedMoney(
  deps: ChangeOrderDeps,
  contract: FoundContractRow,
  row: ChangeOrderRow,
): Promise<ChangeOrderMoney> {
  const asIs = await moneyAgainst(deps.db, contract, {
    id: row.id,
    priceChangeCents: 0,
    daysChange: row.days_change,
    payment: { kind: 'spread' },
  });
  if (!asIs.ok) throw new AppError('INTERNAL', asIs.message);
  const change = row.price_change_cents ?? 0;
  return {
    ...asIs.money,
    price_change_cents: change,
    sum_after_cents: asIs.money.sum_before_cents + change,
  };
}
