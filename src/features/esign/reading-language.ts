import type { Language } from '../../domain/i18n/languages.js';
import { insertContractEvent } from '../contracts/contracts.repo.js';
import {
  limitOpenings,
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './esign.service.js';

/**
 * The homeowner switches the signing page's language (issue 20). The contract's language is the
 * client's: their page, the disclosure, their mails and the certificate's headings follow it, so
 * the switch changes it, and the audit trail records who switched, from what to what, and when:
 * the certificate then shows the language the disclosure was read in. Switching to the language
 * already shown changes and records nothing.
 */
export async function switchReadingLanguage(
  deps: EsignDeps,
  token: string,
  language: Language,
  client: SigningClient,
  now = deps.clock(),
): Promise<void> {
  const { db } = deps;
  await limitOpenings(db, client);
  const { contract } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.language === language) return;
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('contracts')
      .set({ language })
      .where('id', '=', contract.id)
      .where('language', '=', contract.language)
      .executeTakeFirst();
    // Another tab switched first: its event says so.
    if (changed.numUpdatedRows === 0n) return;
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'language_changed',
      at: now.toISOString(),
      actor: 'client',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { from: contract.language, to: language },
    });
  });
}
