import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import type { Config } from '../../config.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { inGroupCommit } from '../../db/group-commit.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { documentForDisplay } from '../../domain/contract-document/index.js';
import { ESIGN_CONSENT_VERSION } from '../../domain/esign-consent/notice.js';
import { languageOr } from '../../domain/i18n/languages.js';
import { signedDocumentKindOf, type SignedDocumentKind } from '../../domain/i18n/signing-words.js';
import { CLOSED_VIEW_STATUSES, type ContractStatus } from '../../domain/contract-lifecycle.js';
import type {
  EsignAnswer,
  EsignClosedView,
  EsignSignResult,
  EsignView,
} from '../../domain/esign.schemas.js';
import { recordView } from './viewings.js';
import {
  INVALID_LINK,
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './signing-link-resolution.js';
import { AppError } from '../../lib/app-error.js';

import type { MailSealer } from '../mail/body-seal.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { finishClientSigning } from '../contracts/completion.js';
import { linkFacts } from './signing-links.js';
import { recordWhileIn, transition } from '../contracts/contract-transition.js';
import { listSigners, lockContractForSigners, signerFacts } from '../signers/signers.repo.js';
import {
  inviteNextInLine,
  signersAsSeenBy,
  waitingForWords,
  whoseTurnInstead,
} from './signer-turns.js';
import { consentToRecord, type ConsentGiven } from './consent.js';
import { noticeShown } from './shown-notice.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { depositStageIndex } from '../../domain/payments.js';
import { depositDueOf } from '../payments/deposit.js';
import { refreshPaymentSummary, stagesOf } from '../payments/ledger.js';
import { applyChangeOrder } from '../contracts/apply-change-order.js';

/** Whether the contract's executed copy exists; built once, like the contract's read. */
const executedCopyOf = preparedQuery((db, params: { contractId: number }) =>
  db.selectFrom('documents').select('contract_id').where('contract_id', '=', params.contractId),
);

/** Why a link no longer takes a signature or a decline, in the client's words (a 409). */
const CLIENT_WHY_NOT: Record<SignedDocumentKind, Record<ContractStatus, string>> = {
  contract: {
    draft: INVALID_LINK,
    sent: 'This contract is waiting for your signature',
    expired: 'This signing link has expired. Please ask the sender for a new link.',
    declined: 'You declined this contract',
    voided: 'This contract was withdrawn by the sender',
    signed: 'This contract has already been signed',
    completed: 'This contract has already been signed',
  },
  // Issue 38: a change order's link speaks of the change order, as its page does.
  'change-order': {
    draft: INVALID_LINK,
    sent: 'This change order is waiting for your signature',
    expired: 'This signing link has expired. Please ask the sender for a new link.',
    declined: 'You declined this change order',
    voided: 'This change order was withdrawn by the sender',
    signed: 'This change order has already been signed',
    completed: 'This change order has already been signed',
  },
};

const MINUTE_MS = 60_000;

/**
 * Per address: opening signing pages (a homeowner reloads; a guesser of links does not get far)
 * and signing (a real client signs once).
 */
export const esignRateLimits = {
  view: { limit: 60, windowMs: MINUTE_MS },
  sign: { limit: 20, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/**
 * What the homeowner sees; every opening is recorded (first and later views), with the link it
 * came through. The first opening of a contract awaiting signature emails the contractor,
 * unless their account turned that off.
 */
export function viewSigningPage(
  deps: EsignDeps,
  token: string,
  client: SigningClient,
  now = deps.clock(),
): Promise<EsignAnswer> {
  return answerSigningLink(deps, token, client, now, { recordOpening: true });
}

/** Opening a signing page, or switching its language, counts against the address's limit. */
export function limitOpenings(db: DbOrTrx, client: SigningClient, now: Date): Promise<void> {
  const opening = { key: `esign-view:ip:${client.ip}`, rule: esignRateLimits.view };
  return enforceRateLimits(db, [opening], now);
}

/**
 * The answer with or without recording an opening: the signing page records one only for a
 * person's browser opening it (signing-page.routes.ts), not for a mail scanner fetching links.
 *
 * The whole opening is one unit of work (issue 33): the address's count, the reads and the view
 * commit together, and on SQLite together with the other openings of the same moment
 * (inGroupCommit, docs/decisions/053): a burst of homeowners costs one commit, not one each. A
 * link that does not resolve still commits its count, since guessing links is what the limit is
 * for; only an opening over the limit adds nothing.
 */
export async function answerSigningLink(
  deps: EsignDeps,
  token: string,
  client: SigningClient,
  now: Date,
  options: { recordOpening: boolean },
): Promise<EsignAnswer> {
  const answer = await inGroupCommit(deps.db, async (trx) => {
    await limitOpenings(trx, client, now);
    let resolved: ResolvedLink;
    try {
      resolved = await resolveSigningLink(trx, deps.config, token, now);
    } catch (refusal) {
      // Only the link's own refusal commits; anything else (a failed write of an expiry it
      // found) rolls the whole opening back, as it did when each ran alone.
      if (refusal instanceof AppError && refusal.code === 'NOT_FOUND') return refusal;
      throw refusal;
    }
    const { link, contract, signer } = resolved;
    // Only a link that can still be signed is opened: reading a declined, withdrawn or expired
    // notice, or a signed copy, is not an opening on the timeline or the card (issue 31).
    const signable = contract.status === 'sent' && !signer.signed_at;
    if (options.recordOpening && signable) {
      await recordView({ ...deps, db: trx }, contract, link, signer, client, now);
    }
    return describeForClient(trx, contract, link, signer);
  });
  if (answer instanceof AppError) throw answer;
  return answer;
}

type ResolvedLink = Awaited<ReturnType<typeof resolveSigningLink>>;

async function describeForClient(
  db: DbOrTrx,
  contract: ResolvedLink['contract'],
  link: ResolvedLink['link'],
  signer: ResolvedLink['signer'],
): Promise<EsignAnswer> {
  const status = contract.status;
  if (isClosedViewStatus(status)) {
    return {
      id: contract.id,
      status,
      company_name: contract.company_name,
      company_phone: contract.company_phone,
      company_email: contract.company_email,
      closed_at: status === 'expired' ? contract.expires_at : contract.closed_at,
      closed_reason: status === 'voided' ? contract.closed_reason : null,
      declined_by:
        status === 'declined' ? await declinedByAnother(db, contract.id, signer.id) : null,
      language: languageOr(contract.language),
      change_order: changeOrderNamed(contract),
    };
  }
  const language = languageOr(contract.language);
  // The notice the page shows, filled in as it reads now; signing sends its hash back.
  const { facts, sha256 } = await noticeShown(db, contract, language);
  // The spec's Contract field names; nothing of the account or the link itself.
  return {
    id: contract.id,
    // A draft has no link: resolveSigningLink refused it.
    status: status as EsignView['status'],
    created_at: contract.created_at,
    total_price_cents: contract.total_price_cents,
    client_name: contract.client_name,
    company_name: contract.company_name,
    company_phone: contract.company_phone,
    company_email: contract.company_email,
    // Frozen documents already follow the policy; one frozen before it gets it on the way out.
    template_html: documentForDisplay(contract.template_html),
    client_signed_at: contract.client_signed_at,
    my_signed_at: contract.my_signed_at,
    expires_at: contract.expires_at ?? link.expires_at,
    ...(await signersAsSeenBy(db, contract, signer)),
    consent_version: ESIGN_CONSENT_VERSION,
    consent_sha256: sha256,
    paper_copy_fee_cents: facts.paperCopyFeeCents,
    executed_pdf: (await executedCopyOf(db, { contractId: contract.id })).length > 0,
    language,
    payment_due: await depositDueOf(db, contract),
    change_order: withPriceChange(changeOrderNamed(contract), contract.price_change_cents),
  };
}

/** A change order's number and its contract (issue 38); null for a contract. */
function changeOrderNamed(
  contract: Pick<ResolvedLink['contract'], 'change_order_of' | 'change_order_number'>,
): EsignClosedView['change_order'] {
  if (contract.change_order_of === null) return null;
  return { number: contract.change_order_number ?? 0, contract_id: contract.change_order_of };
}

/** The open page's change order also says what it changes (issue 38). */
function withPriceChange(named: EsignClosedView['change_order'], priceChangeCents: number | null) {
  return named && { ...named, price_change_cents: priceChangeCents ?? 0 };
}

/** Who declined, when it was another of the signers than the link's own (issue 37). */
async function declinedByAnother(db: DbOrTrx, contractId: number, signerId: number) {
  const decliner = (await listSigners(db, contractId)).find((other) => other.declined_at);
  return decliner && decliner.id !== signerId ? decliner.name : null;
}

function isClosedViewStatus(status: ContractStatus): status is EsignClosedView['status'] {
  return (CLOSED_VIEW_STATUSES as readonly string[]).includes(status);
}

/**
 * One signer's signature (docs/decisions/009, 048). Each signer signs once: a conditional update
 * of their row. The contract's row is locked first, so of two signers signing in the same
 * instant one decides after the other: the last signature moves the contract to signed, exactly
 * once; the others keep it sent (the same conditional update, without the move). Signing in
 * order, the server checks the turn, and the next signer is mailed their link. The consent is
 * checked against the notice shown and recorded with its hash and the signer (issue 32).
 */
export async function signAsClient(
  db: DB,
  config: Config,
  token: string,
  input: {
    signature: string;
    /** Trimmed, not blank (esignSignInputSchemaIn); absent from older API callers. */
    signerName?: string;
    consent: ConsentGiven;
    timeZone?: string | null;
  },
  client: SigningClient,
  options: { sealedPdf: boolean; mailSealer: MailSealer; clock: () => Date },
): Promise<EsignSignResult> {
  const now = options.clock();
  await enforceRateLimits(
    db,
    [{ key: `esign-sign:ip:${client.ip}`, rule: esignRateLimits.sign }],
    now,
  );
  const { contract, link, signer } = await resolveSigningLink(db, config, token, now);
  if (contract.status !== 'sent')
    throw new AppError('CONFLICT', clientWhyNot(contract.status, contract));
  if (signer.signed_at) throw new AppError('CONFLICT', clientWhyNot('signed', contract));
  return db.transaction().execute(async (trx) => {
    await lockContractForSigners(trx, contract.id);
    // A decline, a withdrawal or the last signature may have come first: say which.
    const statusNow = await whyNotNow(trx, contract.id);
    if (statusNow !== clientWhyNot('sent', contract)) throw new AppError('CONFLICT', statusNow);
    const signedAt = now.toISOString();
    const signers = await listSigners(trx, contract.id);
    const waitingFor = whoseTurnInstead(contract.signing_order, signers, signer);
    if (waitingFor) throw new AppError('CONFLICT', waitingForWords(contract.language, waitingFor));
    const who = { actor: 'client', ip: client.ip, userAgent: client.userAgent };
    const signerNamed = { signer: signerFacts(signer) };
    // Read in the transaction: the facts recorded are the ones the signature is given under.
    const consent = await consentToRecord(trx, contract, input.consent);
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'consented',
      at: signedAt,
      ...who,
      details: { ...consent, ...signerNamed },
    });
    const mine = await trx
      .updateTable('contract_signers')
      .set({
        signed_at: signedAt,
        signed_name: input.signerName ?? null,
        signature_png: input.signature,
      })
      .where('id', '=', signer.id)
      .where('signed_at', 'is', null)
      .where('declined_at', 'is', null)
      .executeTakeFirst();
    if (mine.numUpdatedRows === 0n)
      throw new AppError('CONFLICT', clientWhyNot('signed', contract));
    const stillToSign = signers.filter((other) => other.id !== signer.id && !other.signed_at);
    const last = stillToSign.length === 0;
    const move = {
      contractId: contract.id,
      from: ['sent'] as const,
      stillNull: ['client_signed_at'] as const,
      // The deadline is checked in the same update: a link cannot outlive it by a race.
      guard: (eb: Parameters<NonNullable<Parameters<typeof transition>[1]['guard']>>[0]) =>
        eb('expires_at', '>', signedAt),
      event: {
        type: 'signed_by_client' as const,
        at: signedAt,
        ...who,
        // Which emailed link was used (issue 17): each reminder and new link has its own.
        details: { time_zone: input.timeZone ?? null, link: linkFacts(link), ...signerNamed },
      },
    };
    const signedCount = signers.length - stillToSign.length;
    const claimed = last
      ? await transition(trx, {
          ...move,
          to: 'signed',
          set: { client_signed_at: signedAt, signers_signed: signedCount, next_reminder_at: null },
        })
      : await recordWhileIn(trx, { ...move, set: { signers_signed: signedCount } });
    // The losing signature (or a decline or withdrawal that came first) rolls back with its
    // consent event.
    if (!claimed) throw new AppError('CONFLICT', await whyNotNow(trx, contract.id));
    await queueWebhookEvent(trx, {
      type: 'contract.signer_signed',
      contractId: contract.id,
      at: signedAt,
      signer: {
        ...signerFacts(signer),
        signed_at: signedAt,
        signed_count: signedCount,
        signer_count: signers.length,
      },
    });
    if (!last) {
      await inviteNextInLine(trx, { config, mailSealer: options.mailSealer }, contract, now);
      return { status: 'sent', client_signed_at: null, you_signed_at: signedAt };
    }
    // A change order's last signature applies it to its contract (issue 38); its own plan is
    // null, so no deposit is ever due at its signing.
    await applyChangeOrder(trx, contract, signedAt);
    // A deposit due at signing is due from now: the card and "Payment due" say so (issue 36).
    if (depositStageIndex(stagesOf(contract.payment_plan_json)) !== null) {
      await refreshPaymentSummary(trx, contract.id);
    }
    await queueWebhookEvent(trx, {
      type: 'contract.signed',
      contractId: contract.id,
      at: signedAt,
    });
    await finishClientSigning(trx, contract.id, signedAt, options);
    // Without Chromium the HTML copy completed it at once (no sealed PDF will follow).
    if (!options.sealedPdf) {
      await queueWebhookEvent(trx, {
        type: 'contract.completed',
        contractId: contract.id,
        at: signedAt,
      });
    }
    return {
      status: options.sealedPdf ? 'signed' : 'completed',
      client_signed_at: signedAt,
      you_signed_at: signedAt,
    };
  });
}

/** The client's sentence for a link whose contract no longer awaits their answer (a 409). */
export function clientWhyNot(
  status: ContractStatus,
  document: { change_order_of: number | null },
): string {
  return CLIENT_WHY_NOT[signedDocumentKindOf(document)][status];
}

/** The same sentence for a contract that has left `sent` meanwhile (a lost race). */
export async function whyNotNow(db: DbOrTrx, contractId: number): Promise<string> {
  const row = await db
    .selectFrom('contracts')
    .select(['status', 'change_order_of'])
    .where('id', '=', contractId)
    .executeTakeFirst();
  return row ? clientWhyNot(row.status, row) : INVALID_LINK;
}
