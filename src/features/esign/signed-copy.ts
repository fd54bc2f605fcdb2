import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractTemplateData } from '../../domain/template-data.js';
import { AppError } from '../../lib/app-error.js';
import { insertContractEvent } from '../contracts/contracts.repo.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderSignedCopyMail } from '../mail/templates/index.js';
import { appendToBody, auditTrailSection } from './audit-trail-html.js';
import { renderContractDocument } from './snapshot.js';

/**
 * After the client signs: the executed copy is the very template and data the client saw, now
 * with the client's signature, plus the audit trail. It is stored, mailed to both parties (in the
 * same transaction as the signature), and the contract is completed.
 */
export async function completeSignedContract(
  trx: DbOrTrx,
  contractId: number,
  clientSignaturePng: string,
  signedAt: string,
): Promise<void> {
  const contract = await trx
    .selectFrom('contracts')
    .innerJoin('users', 'users.id', 'contracts.user_id')
    .select([
      'contracts.template_source',
      'contracts.template_data',
      'contracts.template_sha256',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.company_name',
      'contracts.total_price_cents',
      'contracts.my_signed_at',
      'users.email as contractor_email',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  if (!contract.template_source || !contract.template_data || !contract.client_email) {
    throw new AppError('INTERNAL', 'The sent contract is missing its snapshot');
  }
  const data = JSON.parse(contract.template_data) as ContractTemplateData;
  const signedData: ContractTemplateData = {
    ...data,
    client_signature: {
      typed_name: contract.client_name,
      timestamp: signedAt,
      png: clientSignaturePng,
    },
  };
  const events = await trx
    .selectFrom('contract_events')
    .select(['type', 'at', 'actor', 'ip', 'user_agent'])
    .where('contract_id', '=', contractId)
    .orderBy('id')
    .execute();
  const signedHtml = appendToBody(
    renderContractDocument(contract.template_source, signedData),
    auditTrailSection(events, contract.template_sha256),
  );

  await trx
    .updateTable('contracts')
    .set({ signed_html: signedHtml, status: 'completed', updated_at: signedAt })
    .where('id', '=', contractId)
    .execute();
  const common = {
    contractId,
    companyName: contract.company_name ?? 'Your contractor',
    clientName: contract.client_name ?? '',
    totalCents: contract.total_price_cents ?? 0,
    contractorSignedAt: contract.my_signed_at ?? signedAt,
    clientSignedAt: signedAt,
    signedCopyHtml: signedHtml,
  };
  for (const [recipient, to] of [
    ['client', contract.client_email],
    ['contractor', contract.contractor_email],
  ] as const) {
    const mail = renderSignedCopyMail({ ...common, recipient });
    await enqueueMail(trx, { kind: `signed_copy_${recipient}`, to, contractId, ...mail });
  }
  await insertContractEvent(trx, { contractId, type: 'completed', at: signedAt });
}
