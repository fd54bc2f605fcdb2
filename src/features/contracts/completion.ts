import { inSealedRecord } from '../../domain/contract-lifecycle.js';
import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { contractSender } from '../../db/contract-sender.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { freezeContractDocument } from '../../domain/contract-document/index.js';
import type { SealRecordJson } from '../../domain/seal-record.js';
import type { ContractTemplateData } from '../../domain/template-data.js';
import { AppError } from '../../lib/app-error.js';

import type { MailSealer } from '../mail/body-seal.js';
import type { MailAttachment } from '../mail/outbox.js';
import { mailEveryParty } from './signed-copy-mails.js';
import { consentAppendixSection } from '../consent-record/consent-appendix-html.js';
import { appendToBody, auditTrailSection } from './audit-trail-html.js';
import { renderContractDocument } from './snapshot.js';
import { transition } from './contract-transition.js';
import { listSigners } from '../signers/signers.repo.js';
import { signersAsSigned } from '../../domain/template-signers.js';

/**
 * After the last client signs, the executed contract is the very template and data the clients
 * saw, now with every signature (`signed_html`). With Chromium a job then prints and seals it
 * (src/features/documents); without, the HTML copy completes the contract at once.
 */
export async function finishClientSigning(
  trx: DbOrTrx,
  contractId: number,
  signedAt: string,
  options: { sealedPdf: boolean; mailSealer: MailSealer },
): Promise<void> {
  const contract = await trx
    .selectFrom('contracts')
    .leftJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .select([
      'contracts.template_source',
      'contracts.template_data',
      'contracts.client_name',
      'contracts.language',
      'contracts.document_language',
      // A home sale's Notice of Cancellation is dated on the company's clock.
      'preferences.time_zone',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  if (!contract.template_source || !contract.template_data) {
    throw new AppError('INTERNAL', 'The sent contract is missing its snapshot');
  }
  const data = JSON.parse(contract.template_data) as ContractTemplateData;
  const signers = await listSigners(trx, contractId);
  const [first] = signers;
  const signedHtml = renderContractDocument(
    contract.template_source,
    {
      ...data,
      client_signature: {
        // The name the client typed when signing; the contractor's entry for a signature given
        // before the signing page asked for it.
        typed_name: first?.signed_name ?? contract.client_name,
        timestamp: first?.signed_at ?? signedAt,
        png: first?.signature_png ?? null,
      },
      // Every signer's signature, for `{{#each signers}}` (issue 37).
      signers: signersAsSigned(signers),
    },
    // The language it was frozen in, not the one the client switched their page to: the signed
    // copy is the document they were shown (docs/decisions/032).
    contract.document_language ?? contract.language,
    contract.time_zone,
  );
  await trx
    .updateTable('contracts')
    .set({ signed_html: signedHtml })
    .where('id', '=', contractId)
    .execute();
  if (options.sealedPdf) {
    await trx
      .insertInto('document_jobs')
      .values({
        contract_id: contractId,
        status: 'pending',
        next_attempt_at: signedAt,
        created_at: signedAt,
      })
      .execute();
    return;
  }
  await completeWithHtmlCopy(trx, contractId, signedAt, options.mailSealer);
}

/**
 * Completes with the self-contained HTML copy attached: the signed contract, its audit trail and
 * the consent notice the client accepted.
 */
export async function completeWithHtmlCopy(
  trx: DbOrTrx,
  contractId: number,
  at: string,
  mailSealer: MailSealer,
) {
  const contract = await loadForCompletion(trx, contractId);
  const events = await trx
    .selectFrom('contract_events')
    .select(['type', 'at', 'actor', 'ip', 'user_agent', 'details'])
    .where('contract_id', '=', contractId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.filter(inSealedRecord));
  const html = appendToBody(
    contract.signed_html,
    auditTrailSection(events, contract.template_sha256, contract.language, contract.time_zone) +
      // The ESIGN notice each client accepted, as the sealed PDF's appendix pages carry them.
      consentAppendixSection(
        events,
        contract.language,
        (await listSigners(trx, contractId)).map((signer) => ({
          ...signer,
          name: signer.signed_name ?? signer.name,
        })),
      ),
  );
  await complete(
    trx,
    mailSealer,
    contract,
    at,
    { copy: 'html' },
    {
      filename: `contract-${contractId}-signed.html`,
      contentType: 'text/html; charset=utf-8',
      content: html,
    },
  );
}

/**
 * Completes with the sealed PDF stored, attached to both parties' mails. A contract that already
 * completed with the HTML copy (its PDF failed, and the contractor asked for a retry) keeps its
 * completion: the PDF is stored and mailed to both, and the trail says so.
 */
export async function completeWithSealedPdf(
  trx: DbOrTrx,
  contractId: number,
  at: string,
  pdf: { bytes: Buffer; sha256: string; contractPagesSha256: string; seal: SealRecordJson },
  mailSealer: MailSealer,
) {
  const contract = await loadForCompletion(trx, contractId);
  await trx
    .insertInto('documents')
    .values({
      contract_id: contractId,
      pdf: pdf.bytes,
      pdf_sha256: pdf.sha256,
      contract_pages_sha256: pdf.contractPagesSha256,
      created_at: at,
      seal_json: JSON.stringify(pdf.seal),
    })
    .execute();
  const attachment: MailAttachment = {
    filename: `contract-${contractId}-executed.pdf`,
    contentType: 'application/pdf',
    content: pdf.bytes,
  };
  if (contract.status === 'completed') {
    await mailEveryParty(trx, mailSealer, contract, attachment);
    await insertContractEvent(trx, {
      contractId,
      type: 'sealed_copy_sent',
      at,
      details: { copy: 'sealed_pdf', pdf_sha256: pdf.sha256 },
    });
    return;
  }
  await complete(
    trx,
    mailSealer,
    contract,
    at,
    { copy: 'sealed_pdf', pdf_sha256: pdf.sha256 },
    attachment,
  );
}

type CompletionContract = Awaited<ReturnType<typeof loadForCompletion>>;

async function loadForCompletion(trx: DbOrTrx, contractId: number) {
  const contract = await trx
    .selectFrom('contracts')
    .innerJoin('users', (join) => join.on(contractSender))
    .leftJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .select([
      'contracts.id',
      'contracts.status',
      'contracts.signed_html',
      'contracts.template_sha256',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.company_name',
      'contracts.total_price_cents',
      'contracts.my_signed_at',
      'contracts.client_signed_at',
      'contracts.language',
      'users.email as contractor_email',
      // The company's clock for the times its mails and the HTML trail print (issue 31).
      'preferences.time_zone',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  if (!contract.signed_html || !contract.client_email || !contract.client_signed_at) {
    throw new AppError('INTERNAL', 'The contract has not been signed by the client');
  }
  return {
    ...contract,
    // The frozen, signed document with its no-network policy (docs/decisions/016), once: what every
    // copy mailed from here carries, so opening an attachment runs nothing and loads nothing.
    signed_html: freezeContractDocument(contract.signed_html),
    client_email: contract.client_email,
    client_signed_at: contract.client_signed_at,
  };
}

async function complete(
  trx: DbOrTrx,
  mailSealer: MailSealer,
  contract: CompletionContract,
  at: string,
  details: Record<string, unknown>,
  copy: MailAttachment,
) {
  const completed = await transition(trx, {
    contractId: contract.id,
    from: ['signed'],
    to: 'completed',
    event: { type: 'completed', at, details },
  });
  if (!completed) throw new AppError('INTERNAL', 'The contract is not waiting for its copy');
  await mailEveryParty(trx, mailSealer, contract, copy);
}
