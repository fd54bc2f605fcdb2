import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import type { Language } from '../../domain/i18n/languages.js';

import { limitOpenings } from './esign.service.js';
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
  await limitOpenings(db, client);
  const { contract } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.status !== 'sent' || contract.client_signed_at) return 'closed';
  if (contract.language === language) return 'unchanged';
  return db.transaction().execute(async (trx): Promise<LanguageSwitch> => {
    const changed = await trx
      .updateTable('contracts')
      .set({ language })
      .where('id', '=', contract.id)
      .where('language', '=', contract.language)
      // A signature or a withdrawal between the read and this write closes it first.
      .where('status', '=', 'sent')
      .executeTakeFirst();
    // Another tab switched first (its event says so), or the contract closed meanwhile.
    if (changed.numUpdatedRows === 0n) return 'unchanged';
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'language_changed',
      at: now.toISOString(),
      actor: 'client',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { from: contract.language, to: language },
    });
    return 'switched';
  });
}
