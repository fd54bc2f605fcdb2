import {
  insertContractEvent,
  listChangeOrderMilestones,
  listContractEvents,
} from '../audit-trail/contract-events.repo.js';
import type { CompanyId } from '../../domain/team.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { ContractStatus } from '../../domain/contract-lifecycle.js';
import {
  STALE_DRAFT_MESSAGE,
  type Contract,
  type ContractCreateInput,
  type ContractEvent,
  type ContractUpdateInput,
} from '../../domain/contracts.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { peopleNamed } from '../credentials/people-names.js';
import { expireOverdue, isOverdue } from './expiry.js';
import { changesContent, draftColumns, toContract } from './contract-mapping.js';
import {
  findContractRow,
  findPhoneDraftId,
  findRevisionId,
  draftContentOf,
  insertContractRow,
  insertPhoneDraftRow,
  updateDraftRow,
  type ContractRow,
} from './contracts.repo.js';
import type { Actor } from '../sessions/request-context.js';
import { listSigners } from '../signers/signers.repo.js';
import {
  assertDistinctSignerEmails,
  coSignersJson,
  coSignersOfContract,
  parseCoSigners,
} from './draft-signers.js';

export type { Actor } from '../sessions/request-context.js';

const NOT_FOUND = 'Contract not found';
const NOT_A_DRAFT = 'This contract was already sent and can no longer be changed';

export async function getContract(
  db: DbOrTrx,
  companyId: CompanyId,
  id: number,
  now = new Date(),
): Promise<Contract> {
  const row = await findContractRow(db, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  // Only a contract that was sent can have been revised.
  const revisedAs = row.status === 'draft' ? null : await findRevisionId(db, id);
  const people = await peopleNamed(db, [row.created_by_user_id, row.sent_by_user_id]);
  // A draft has no signer rows yet: its other signers are typed on it (issue 37).
  const signers = row.status === 'draft' ? [] : await listSigners(db, id);
  return toContract(row, { revisedAs, now, people, signers });
}

/** A contract for the contractor's screen, expired first if its last link ran out. */
export async function readContract(db: DB, companyId: CompanyId, id: number, now: Date) {
  const contract = await getContract(db, companyId, id, now);
  if (!isOverdue(contract, now)) return contract;
  await expireOverdue(db, now, { contractId: id, companyId });
  return getContract(db, companyId, id, now);
}

/** The timeline shown to the contractor on a sent or completed contract. */
export async function getContractTimeline(
  db: DB,
  companyId: CompanyId,
  id: number,
  now: Date,
): Promise<ContractEvent[]> {
  await expireOverdue(db, now, { contractId: id, companyId });
  if (!(await findContractRow(db, companyId, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [own, changes] = await Promise.all([
    listContractEvents(db, id),
    listChangeOrderMilestones(db, id),
  ]);
  const details = (json: string | null) =>
    json ? (JSON.parse(json) as Record<string, unknown>) : null;
  // The contract's own steps and its change orders' (issue 38), in the order they happened.
  return [
    ...own.map((event) => ({ ...event, details: details(event.details), change_order: null })),
    ...changes.map(({ change_order_id, change_order_number, ...event }) => ({
      ...event,
      details: details(event.details),
      change_order: { id: change_order_id, number: change_order_number ?? 0 },
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
}

/**
 * A new draft. With the id a phone gave it (issue 40), sending it again makes nothing: the answer
 * is the contract the first call made, as it stands now, and `created` says which happened.
 */
export async function createDraft(
  db: DB,
  user: SessionUser,
  input: ContractCreateInput,
  actor: Actor,
  clock: () => Date = () => new Date(),
): Promise<{ contract: Contract; created: boolean }> {
  const now = clock().toISOString();
  const { companyId } = user;
  assertDistinctSignerEmails(input.client_email, input.co_signers ?? []);
  return db.transaction().execute(async (trx) => {
    const row = {
      company_id: companyId,
      created_by_user_id: user.id,
      status: 'draft' as const,
      ...draftColumns(input),
      created_at: now,
      updated_at: now,
    };
    const clientDraftId = input.client_draft_id;
    const id =
      clientDraftId === undefined
        ? await insertContractRow(trx, row)
        : await insertPhoneDraftRow(trx, { ...row, client_draft_id: clientDraftId });
    if (id === undefined) {
      // Sent before: the insert did nothing, so the row is there (the unique index says so).
      const existing = clientDraftId && (await findPhoneDraftId(trx, companyId, clientDraftId));
      if (!existing) throw new Error('A draft that conflicted on its client_draft_id is gone');
      return { contract: await getContract(trx, companyId, existing), created: false };
    }
    await insertContractEvent(trx, {
      contractId: id,
      type: 'created',
      at: now,
      ...actorFields(actor),
    });
    return { contract: await getContract(trx, companyId, id), created: true };
  });
}

/**
 * "Copy" (issue 31): a new draft with the same client and co-signers, scope, price, stages and
 * language, from a contract in any status, for quoting the same job to the neighbour. It is a
 * fresh draft: its own number, no signature, no frozen document, no links, and its one event is
 * its creation. Unlike a revision it replaces nothing and is not part of the original's line.
 */
export async function copyContract(
  db: DB,
  user: SessionUser,
  id: number,
  actor: Actor,
  clock: () => Date = () => new Date(),
): Promise<Contract> {
  const now = clock().toISOString();
  const { companyId } = user;
  return db.transaction().execute(async (trx) => {
    const row = await findContractRow(trx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const copyId = await insertContractRow(trx, {
      company_id: companyId,
      created_by_user_id: user.id,
      status: 'draft',
      ...draftContentOf(row),
      // The same people sign the copy: a sent contract's co-signers are its signers (issue 37).
      co_signers_json: coSignersJson(await coSignersOfContract(trx, row)),
      created_at: now,
      updated_at: now,
    });
    await insertContractEvent(trx, {
      contractId: copyId,
      type: 'created',
      at: now,
      ...actorFields(actor),
      details: { copied_from: id },
    });
    return getContract(trx, companyId, copyId);
  });
}

/**
 * Saves a draft. A change to what the contract says removes the contractor's signature: a
 * signature belongs to the exact text that was signed. With `base_version`, the save is written
 * only over that version (issue 40), and a change adds one to it.
 */
export async function updateDraft(
  db: DB,
  companyId: CompanyId,
  id: number,
  input: ContractUpdateInput,
  actor: Actor,
  clock: () => Date = () => new Date(),
): Promise<Contract> {
  const now = clock().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findContractRow(trx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.status !== 'draft') throw new AppError('CONFLICT', NOT_A_DRAFT);
    if (input.client_email !== undefined || input.co_signers !== undefined) {
      assertDistinctSignerEmails(
        input.client_email !== undefined ? input.client_email : row.client_email,
        input.co_signers ?? parseCoSigners(row.co_signers_json),
      );
    }
    const columns = draftColumns(input, toContract(row));
    const changed = changesContent(columns, row);
    const signatureCleared = changed && row.my_signed_at !== null;
    const written = await updateDraftRow(
      trx,
      companyId,
      id,
      {
        ...columns,
        ...(signatureCleared ? { my_signature_png: null, my_signed_at: null } : {}),
        updated_at: now,
      },
      // A save that asks for what is already there holds whatever the version (issue 40): it is
      // the phone sending again a save whose answer it never got, not a save over another's.
      { newVersion: changed, baseVersion: changed ? input.base_version : undefined },
    );
    if (!written) throw await refusedSave(trx, companyId, id);
    if (changed) {
      await insertContractEvent(trx, {
        contractId: id,
        type: 'updated',
        at: now,
        ...actorFields(actor),
        ...(signatureCleared ? { details: { contractor_signature_cleared: true } } : {}),
      });
    }
    return getContract(trx, companyId, id);
  });
}

/**
 * Why a save wrote nothing, read after the UPDATE: the draft was sent meanwhile, or it is still a
 * draft and another device saved it after the version the save names.
 */
async function refusedSave(trx: DbOrTrx, companyId: CompanyId, id: number): Promise<AppError> {
  const now: ContractRow = await findContractRow(trx, companyId, id);
  if (!now) return new AppError('NOT_FOUND', NOT_FOUND);
  if (now.status !== 'draft') return new AppError('CONFLICT', NOT_A_DRAFT);
  return new AppError('CONFLICT', STALE_DRAFT_MESSAGE);
}

/** The contractor signs the draft as it stands now (Sign & Send). */
export async function signAsContractor(
  db: DB,
  companyId: CompanyId,
  id: number,
  signaturePng: string,
  actor: Actor,
  clock: () => Date = () => new Date(),
): Promise<Contract> {
  return db.transaction().execute(async (trx) => {
    await signDraftAsContractor(trx, {
      find: findContractRow,
      companyId,
      id,
      signaturePng,
      actor,
      now: clock().toISOString(),
      notFound: NOT_FOUND,
      notADraft: NOT_A_DRAFT,
    });
    return getContract(trx, companyId, id);
  });
}

/**
 * The contractor's signature on a draft, as it stands now: a contract's, or a change order's
 * found by its own finder (issue 38). The caller's transaction; the caller answers.
 */
export async function signDraftAsContractor(
  trx: DbOrTrx,
  input: {
    find: (
      trx: DbOrTrx,
      companyId: CompanyId,
      id: number,
    ) => Promise<{ status: ContractStatus } | undefined>;
    companyId: CompanyId;
    id: number;
    signaturePng: string;
    actor: Actor;
    now: string;
    notFound: string;
    notADraft: string;
  },
): Promise<void> {
  assertPngDataUrl(input.signaturePng);
  const { companyId, id, now } = input;
  const row = await input.find(trx, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', input.notFound);
  if (row.status !== 'draft') throw new AppError('CONFLICT', input.notADraft);
  const written = await updateDraftRow(
    trx,
    companyId,
    id,
    { my_signature_png: input.signaturePng, my_signed_at: now, updated_at: now },
    // A new signature is a new version of the draft (issue 40): a phone that last saw it
    // unsigned must not save over it unknowingly.
    { newVersion: true },
  );
  // Sent between the read and the write: as if it had been sent before.
  if (!written) throw new AppError('CONFLICT', input.notADraft);
  await insertContractEvent(trx, {
    contractId: id,
    type: 'signed_by_contractor',
    at: now,
    ...actorFields(input.actor),
  });
}

/** The schema checked the shape; the bytes must really start like a PNG. */
function assertPngDataUrl(dataUrl: string): void {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const head = Buffer.from(base64.slice(0, 16), 'base64');
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!png.every((byte, index) => head[index] === byte)) {
    throw new AppError('BAD_REQUEST', 'signature: The signature must be a PNG image');
  }
}

function actorFields(actor: Actor) {
  return { actor: actor.email, ip: actor.ip, userAgent: actor.userAgent };
}
