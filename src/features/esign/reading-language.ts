import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import type { Language } from '../../domain/i18n/languages.js';

import { limitOpenings } from './esign.service.js';
import { signerFacts } from '../signers/signers.repo.js';
import {
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './signing-link-resolution.js';

/**
 * What a switch did: `switched` (stored and recorded), `unchanged` (the language shown already),
 * or `closed`: the contract no longer awaits the client's signature, so its language stays the
 * one it was signed, declined or closed in, and nothing is recorded (issue 33).
 */
export type LanguageSwitch = 'switched' | 'unchanged' | 'closed';

/**
 * The homeowner switches the signing page's language (issue 20). The contract's language is the
 * client's: their page, the disclosure, their mails and the certificate's headings follow it, so
 * the switch changes it, and the audit trail records who switched, from what to what, and when:
 * the certificate then shows the language the disclosure was read in. Switching to the language
 * already shown changes and records nothing. Only while the contract awaits the client's
 * signature: a signed, completed, declined, withdrawn or expired contract keeps the language of
 * its record, and no event follows its close.
 */
export async function switchReadingLanguage(
  deps: EsignDeps,
  token: string,
  language: Language,
  client: SigningClient,
  now = deps.clock(),
): Promise<LanguageSwitch> {
  const { db } = deps;
  await limitOpenings(db, client, now);
  const { contract, signer } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.status !== 'sent' || signer.signed_at) return 'closed';
  if (signer.language === language) return 'unchanged';
  return db.transaction().execute(async (trx): Promise<LanguageSwitch> => {
    const changed = await trx
      .updateTable('contract_signers')
      .set({ language })
      .where('id', '=', signer.id)
      .where('language', '=', signer.language)
      // Their signature between the read and this write closes it first.
      .where('signed_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('contracts')
            .select('contracts.id')
            .where('contracts.id', '=', contract.id)
            // A withdrawal or a decline between the read and this write closes it too.
            .where('contracts.status', '=', 'sent'),
        ),
      )
      .executeTakeFirst();
    // Another tab switched first (its event says so), or the contract closed meanwhile.
    if (changed.numUpdatedRows === 0n) return 'unchanged';
    // The client of record's language is the contract's (issue 37): the contractor's screens,
    // the certificate's headings and the copy mailed to the client of record follow it.
    if (signer.position === 1) {
      await trx.updateTable('contracts').set({ language }).where('id', '=', contract.id).execute();
    }
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'language_changed',
      at: now.toISOString(),
      actor: 'client',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { from: signer.language, to: language, signer: signerFacts(signer) },
    });
    return 'switched';
  });
}
