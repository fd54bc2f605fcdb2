import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { buildContractTemplateData } from '../../domain/contract-template-data.js';
import { planMatchesTotal } from '../../domain/payment-plan.js';
import { depositStageIndex } from '../../domain/payments.js';
import { stripeConnected } from '../payments/payment-settings.repo.js';
import type { SendInput } from '../../domain/send.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { getAcceptanceStatus } from '../acceptances/acceptances.service.js';
import { assertPrintableLength } from '../documents/page-limit.js';
import type { PdfRenderer } from '../documents/pdf-renderer.js';
import { daysFrom } from '../esign/signing-links.js';
import { inviteSigners } from './invite-signers.js';
import { signersToSend } from './signers-to-send.js';
import { nextAutomaticReminderAt } from '../../domain/reminder-schedule.js';
import { logoDataUrl, renderContractDocument, sha256Hex } from '../contracts/snapshot.js';
import type { MailSealer } from '../mail/body-seal.js';
import { getPrefs } from '../prefs/prefs.service.js';
import { calendarDateIn } from '../../domain/calendar-date.js';
import { getTemplateForLanguage } from '../templates/templates.service.js';
import { toContract } from '../contracts/contract-mapping.js';
import { findContractRow } from '../contracts/contracts.repo.js';
import type { SessionUser } from '../../ports/session.js';
import type { Actor } from '../sessions/request-context.js';
import { transition } from '../contracts/contract-transition.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { inClientMailTransaction } from '../follow-up/client-mail-limit.js';
import { requireVerifiedEmail } from '../credentials/verified-email.js';

/**
 * Sends a signed draft to the client (issue 6): checks everything a valid contract needs, then in
 * one transaction freezes the document, creates the signing link, marks it sent, records the
 * event and queues the email. The token leaves only in that email.
 */
export async function sendToClient(
  deps: {
    db: DB;
    config: Config;
    mailSealer: MailSealer;
    /** Chromium, when it prints PDFs here: the contract is held to the page limit. */
    renderer: PdfRenderer | null;
    clock: () => Date;
  },
  user: SessionUser,
  contractId: number,
  input: SendInput,
  actor: Actor,
) {
  const { db, config } = deps;
  const { companyId } = user;
  const row = await findContractRow(db, companyId, contractId);
  if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
  const contract = toContract(row);
  if (contract.status !== 'draft') throw new AppError('CONFLICT', 'This contract was already sent');
  // An `open` sign-up proves its address before its first send (issue 34): a 403 that says so.
  await requireVerifiedEmail(db, user.id);
  const acceptance = await getAcceptanceStatus(db, user.id);
  if (!acceptance.accepted) {
    throw new AppError(
      'CONFLICT',
      'Accept the legal acknowledgment (Settings, Legal) before sending contracts',
    );
  }
  if (!contract.my_signature_png || !contract.my_signed_at) {
    throw new AppError('CONFLICT', 'Sign the contract before sending it');
  }
  const client = input.client_data;
  const sameClient =
    client.email.toLowerCase() === contract.client_email?.toLowerCase() &&
    client.name.trim() === contract.client_name?.trim();
  if (!sameClient) {
    throw new AppError(
      'CONFLICT',
      'The client details differ from the saved contract: save it and sign again',
    );
  }
  const signers = signersToSend(row, input);
  const scope = contract.scope_clean;
  if (
    !scope ||
    (scope.paragraph.trim() === '' && scope.bullets.every((bullet) => bullet.trim() === ''))
  ) {
    throw new AppError('BAD_REQUEST', 'The contract needs a scope of work');
  }
  const total = contract.total_price_cents ?? 0;
  if (total <= 0) throw new AppError('BAD_REQUEST', 'The contract needs a total price above $0.00');
  if (!contract.payment_plan_json || !planMatchesTotal(total, contract.payment_plan_json)) {
    throw new AppError(
      'BAD_REQUEST',
      'The payment plan must total exactly 100% and add up to the price',
    );
  }
  // A deposit collected online needs the company's Stripe (issue 36).
  if (
    depositStageIndex(contract.payment_plan_json) !== null &&
    !(await stripeConnected(db, companyId))
  ) {
    throw new AppError(
      'BAD_REQUEST',
      'To collect the deposit online, connect Stripe in Settings, Payments, or turn off "Collect online when the client signs" in the payment plan',
    );
  }

  // A Spanish contract goes out on the Spanish twin of a shipped default (docs/decisions/029).
  const template = await getTemplateForLanguage(db, companyId, contract.language);
  const prefs = await getPrefs(db, companyId);
  // The FTC's Notice of Cancellation tells the client where to send it (16 CFR 429.1(b)).
  if (contract.home_sale && !prefs.company_address?.trim()) {
    throw new AppError(
      'BAD_REQUEST',
      "A home sale's Notice of Cancellation needs your business address: add it in Settings, Branding",
    );
  }
  const logo = await logoDataUrl(db, prefs.logo_path);
  const now = deps.clock();
  const templateData = buildContractTemplateData({
    prefs,
    contract,
    contractorName: acceptance.typed_name,
    logo,
    signers: signers.people,
    // The company's day, as every date the document prints (docs/decisions/038).
    today: calendarDateIn(now.toISOString(), prefs.time_zone),
  });
  const documentHtml = renderContractDocument(
    template.html,
    templateData,
    contract.language,
    prefs.time_zone,
  );
  await assertPrintableLength(deps.renderer, documentHtml, 'contract');

  // Past the company's daily limit on client mail: a 429, and its owners are told (issue 33).
  return inClientMailTransaction(deps, { companyId }, now, async (trx) => {
    const expiresAt = daysFrom(now, config.SIGNING_LINK_DAYS);
    const sentAt = now.toISOString();
    const documentSha256 = sha256Hex(documentHtml);
    const sent = await transition(trx, {
      contractId,
      companyId,
      from: ['draft'],
      to: 'sent',
      set: {
        sent_at: sentAt,
        sent_by_user_id: user.id,
        client_data: JSON.stringify({
          ...client,
          phone: client.phone ?? null,
          address: client.address ?? null,
        }),
        template_html: documentHtml,
        template_sha256: documentSha256,
        template_source: template.html,
        template_data: JSON.stringify(templateData),
        document_language: contract.language,
        company_name: prefs.company_name,
        company_phone: prefs.company_phone,
        company_email: prefs.company_email,
        expires_at: expiresAt,
        signing_order: signers.order,
        signer_count: signers.people.length,
        next_reminder_at: nextAutomaticReminderAt({
          sentAt,
          autoSent: 0,
          lastContactAt: null,
          expiresAt,
          settings: prefs,
        }),
      },
      event: {
        type: 'sent',
        at: sentAt,
        actor: actor.email,
        ip: actor.ip,
        userAgent: actor.userAgent,
        details: {
          to: client.email,
          template_id: template.id,
          document_sha256: documentSha256,
          // Who signs, and how (issue 37): the trail names everyone the contract went to.
          ...(signers.people.length > 1
            ? {
                signers: signers.people.map(({ name, email }) => ({ name, email })),
                signing_order: signers.order,
              }
            : {}),
        },
      },
    });
    if (!sent) throw new AppError('CONFLICT', 'This contract was already sent');
    await inviteSigners(trx, deps, {
      contractId,
      people: signers.people,
      language: contract.language,
      order: signers.order,
      expiresAt,
      now,
      linkContract: {
        id: contractId,
        client: { name: client.name, email: client.email, address: client.address ?? null },
        totalCents: total,
        stageCount: contract.payment_plan_json?.length ?? 0,
        company: {
          name: prefs.company_name,
          phone: prefs.company_phone,
          email: prefs.company_email,
        },
        logoPath: prefs.logo_path,
        // The words of the client's mail (docs/decisions/029).
        language: contract.language,
      },
    });
    await queueWebhookEvent(trx, { type: 'contract.sent', contractId, at: sentAt });
    return {
      id: contractId,
      status: 'sent' as const,
      sent_at: sentAt,
      link_expires_at: expiresAt,
    };
  });
}
