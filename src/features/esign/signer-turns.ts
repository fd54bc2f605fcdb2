import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import type { Language } from '../../domain/i18n/languages.js';
import {
  isSignersTurn,
  nextInLine,
  signerStatusOf,
  type SigningOrder,
} from '../../domain/signers.js';
import type { EsignView } from '../../domain/esign.schemas.js';
import type { MailSealer } from '../mail/body-seal.js';
import { listSigners, type SignerRow } from '../signers/signers.repo.js';
import { loadLinkMailContract } from './link-mail.js';
import { mailSignerLink } from './signer-invitation.js';

type TurnFacts = Pick<SignerRow, 'id' | 'position' | 'name' | 'signed_at'>;

/** Signing in order, the signer whose turn it is instead of this one; null when it is theirs. */
export function whoseTurnInstead(
  order: SigningOrder,
  signers: readonly TurnFacts[],
  signer: TurnFacts,
): TurnFacts | null {
  if (isSignersTurn(order, signers, signer.position)) return null;
  return nextInLine(signers) ?? null;
}

/** "Waiting for Dana to sign first", in the signer's language (a 409's words). */
export function waitingForWords(language: Language, waitingFor: { name: string }): string {
  return messagesFor(language).signing.signers.waitingFor(waitingFor.name);
}

/** What a signer's page shows of everyone who signs (issue 37). */
export async function signersAsSeenBy(
  db: DbOrTrx,
  contract: { id: number; signing_order: SigningOrder },
  signer: TurnFacts,
): Promise<Pick<EsignView, 'signers' | 'you_signed_at' | 'waiting_for'>> {
  const signers = await listSigners(db, contract.id);
  return {
    signers: signers.map((other) => ({
      name: other.name,
      status: signerStatusOf(other),
      signed_at: other.signed_at,
      you: other.id === signer.id,
    })),
    you_signed_at: signers.find((other) => other.id === signer.id)?.signed_at ?? null,
    waiting_for: signer.signed_at
      ? null
      : (whoseTurnInstead(contract.signing_order, signers, signer)?.name ?? null),
  };
}

/**
 * Signing in order, mails the next signer their link once the one before has signed; their link
 * runs to the contract's deadline. Together, everyone already has one.
 */
export async function inviteNextInLine(
  trx: DbOrTrx,
  deps: { config: Config; mailSealer: MailSealer },
  contract: { id: number; signing_order: SigningOrder },
  now: Date,
): Promise<void> {
  if (contract.signing_order !== 'in_order') return;
  const next = nextInLine(await listSigners(trx, contract.id));
  if (!next || next.invited_at) return;
  const { contract: facts, expiresAt } = await loadLinkMailContract(trx, contract.id);
  if (!expiresAt) return;
  await mailSignerLink(
    trx,
    deps,
    {
      contract: facts,
      signer: next,
      expiresAt,
      purpose: 'request',
      variant: 'request',
      dedupeKey: `signer-turn:${next.id}`,
    },
    now,
  );
}
