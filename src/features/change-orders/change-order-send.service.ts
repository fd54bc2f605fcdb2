import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { changeOrderTemplateFor } from '../../../db/seeds/change-order-templates.js';
import { calendarDateIn } from '../../domain/calendar-date.js';
import type { ChangeOrderMoney } from '../../domain/change-order-money.js';
import { withChangeOrder } from '../../domain/change-order-template-data.js';
import { buildContractTemplateData } from '../../domain/contract-template-data.js';
import { nextAutomaticReminderAt } from '../../domain/reminder-schedule.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { getAcceptanceStatus } from '../acceptances/acceptances.service.js';
import { transition } from '../contracts/contract-transition.js';
import { findContractRow, type FoundContractRow } from '../contracts/contracts.repo.js';
import { signDraftAsContractor } from '../contracts/contracts.service.js';
import { logoDataUrl, renderContractDocument, sha256Hex } from '../contracts/snapshot.js';
import { requireVerifiedEmail } from '../credentials/verified-email.js';
import { assertPrintableLength } from '../documents/page-limit.js';
import type { PdfRenderer } from '../documents/pdf-renderer.js';
import { daysFrom } from '../esign/signing-links.js';
import { inClientMailTransaction } from '../follow-up/client-mail-limit.js';
import type { RowFinder } from '../follow-up/contract-for-action.js';
import type { FollowUpDeps } from '../follow-up/follow-up-deps.js';
import { voidContract } from '../follow-up/void.service.js';
import type { MailSealer } from '../mail/body-seal.js';
import { getPrefs } from '../prefs/prefs.service.js';
import { inviteSigners } from '../sending/invite-signers.js';
import type { Actor } from '../sessions/request-context.js';
import { listSigners, lockContractForSigners } from '../signers/signers.repo.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { moneyAgainst } from './change-order-money.js';
import { findChangeOrderRow, type ChangeOrderRow } from './change-orders.repo.js';
import { descriptionOf, getChangeOrder, savedPaymentOf } from './change-orders.service.js';

export interface ChangeOrderSendDeps {
  db: DB;
  config: Config;
  mailSealer: MailSealer;
  renderer: PdfRenderer | null;
  clock: () => Date;
}

/**
 * POST /api/change-orders/:id/send (issue 38, docs/decisions/049): a draft the contractor signed,
 * whose money still fits the contract, goes to every signer of its contract, in the same order.
 * In one transaction, under the contract's lock: the Change Order document is frozen, the G701
 * money with it, the change order's total becomes the new sum, and each signer is mailed a link.
 */
export async function sendChangeOrder(
  deps: ChangeOrderSendDeps,
  user: SessionUser,
  id: number,
  actor: Actor,
) {
  const { db } = deps;
  const { companyId } = user;
  const row = await findChangeOrderRow(db, companyId, id);
  if (!row?.change_order_of) throw new AppError('NOT_FOUND', 'Change order not found');
  if (row.status !== 'draft') throw new AppError('CONFLICT', 'This change order was already sent');
  const answer = await getChangeOrder(deps, user, id);
  if (answer.problem) throw new AppError('BAD_REQUEST', answer.problem);
  if (!row.my_signature_png || !row.my_signed_at) {
    throw new AppError('CONFLICT', 'Sign the change order before sending it');
  }
  const contract = await signedParent(deps, user, row.change_order_of);
  await requireVerifiedEmail(db, user.id);
  const acceptance = await getAcceptanceStatus(db, user.id);
  if (!acceptance.accepted) {
    throw new AppError(
      'CONFLICT',
      'Accept the legal acknowledgment (Settings, Legal) before sending contracts',
    );
  }
  const signers = await listSigners(db, contract.id);
  const people = signers.map(({ name, email, phone, language }) => ({
    name,
    email,
    phone,
    language,
  }));
  const first = people[0];
  if (!first) throw new AppError('CONFLICT', 'The contract has no signers to sign its change');

  const prefs = await getPrefs(db, companyId);
  const now = deps.clock();
  const money = await currentMoney(deps, contract, row);
  const template = changeOrderTemplateFor(row.language);
  const templateData = withChangeOrder(
    buildContractTemplateData({
      prefs,
      contract: {
        client_name: first.name,
        client_email: first.email,
        client_phone: first.phone,
        client_address: row.client_address,
        scope_clean: null,
        total_price_cents: money.sum_after_cents,
        payment_plan_json: null,
        my_signature_png: row.my_signature_png,
        my_signed_at: row.my_signed_at,
        home_sale: false,
      },
      contractorName: acceptance.typed_name,
      logo: await logoDataUrl(db, prefs.logo_path),
      signers: people,
      today: calendarDateIn(now.toISOString(), prefs.time_zone),
    }),
    {
      number: row.change_order_number ?? 0,
      contractId: contract.id,
      contractDate: contractDateOf(contract),
      description: descriptionOf(row),
      daysChange: row.days_change,
      money,
    },
  );
  const documentHtml = renderContractDocument(
    template.html,
    templateData,
    row.language,
    prefs.time_zone,
  );
  await assertPrintableLength(deps.renderer, documentHtml, 'contract');

  return inClientMailTransaction(deps, { companyId }, now, async (trx) => {
    // The contract's lock: a payment or another change order between the read and now shows.
    await lockContractForSigners(trx, contract.id);
    const locked = await findContractRow(trx, companyId, contract.id);
    if (!locked) throw new AppError('NOT_FOUND', 'Contract not found');
    const again = await currentMoney({ ...deps, db: trx }, locked, row);
    if (JSON.stringify(again) !== JSON.stringify(money)) {
      throw new AppError(
        'CONFLICT',
        'The contract changed while sending: open the change order again',
      );
    }
    const expiresAt = daysFrom(now, deps.config.SIGNING_LINK_DAYS);
    const sentAt = now.toISOString();
    const documentSha256 = sha256Hex(documentHtml);
    const client = {
      name: first.name,
      email: first.email,
      phone: first.phone,
      address: row.client_address,
    };
    const sent = await transition(trx, {
      contractId: row.id,
      companyId,
      from: ['draft'],
      to: 'sent',
      set: {
        sent_at: sentAt,
        sent_by_user_id: user.id,
        client_data: JSON.stringify(client),
        template_html: documentHtml,
        template_sha256: documentSha256,
        template_source: template.html,
        template_data: JSON.stringify(templateData),
        document_language: row.language,
        company_name: prefs.company_name,
        company_phone: prefs.company_phone,
        company_email: prefs.company_email,
        expires_at: expiresAt,
        signing_order: contract.signing_order,
        signer_count: people.length,
        total_price_cents: money.sum_after_cents,
        change_money_json: JSON.stringify(money),
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
          change_order_of: contract.id,
          number: row.change_order_number,
          template_key: template.key,
          document_sha256: documentSha256,
          signers: people.map(({ name, email }) => ({ name, email })),
          signing_order: contract.signing_order,
        },
      },
    });
    if (!sent) throw new AppError('CONFLICT', 'This change order was already sent');
    await inviteSigners(trx, deps, {
      contractId: row.id,
      people,
      language: row.language,
      order: contract.signing_order,
      expiresAt,
      now,
      linkContract: {
        id: row.id,
        client: { name: client.name, email: client.email, address: client.address },
        totalCents: money.sum_after_cents,
        stageCount: money.stages_after.length,
        company: {
          name: prefs.company_name,
          phone: prefs.company_phone,
          email: prefs.company_email,
        },
        logoPath: prefs.logo_path,
        language: row.language,
      },
    });
    await queueWebhookEvent(trx, { type: 'contract.sent', contractId: row.id, at: sentAt });
    return getChangeOrder({ ...deps, db: trx }, user, row.id);
  });
}

async function signedParent(deps: { db: DB }, user: SessionUser, contractId: number) {
  const contract = await findContractRow(deps.db, user.companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', 'Change order not found');
  if (contract.status !== 'signed' && contract.status !== 'completed') {
    throw new AppError(
      'CONFLICT',
      `Contract #${contract.id} is no longer signed: its change orders cannot be sent`,
    );
  }
  return contract;
}

async function currentMoney(
  deps: { db: Parameters<typeof moneyAgainst>[0] },
  contract: FoundContractRow,
  row: ChangeOrderRow,
): Promise<ChangeOrderMoney> {
  const money = await moneyAgainst(deps.db, contract, {
    id: row.id,
    priceChangeCents: row.price_change_cents ?? 0,
    daysChange: row.days_change,
    payment: savedPaymentOf(row),
  });
  if (!money.ok) throw new AppError('BAD_REQUEST', money.message);
  return money.money;
}

/** The date the contract's document carries; its send's day when it has none. */
function contractDateOf(contract: FoundContractRow): string {
  if (contract.template_data) {
    const data = JSON.parse(contract.template_data) as { today?: unknown };
    if (typeof data.today === 'string') return data.today;
  }
  return (contract.sent_at ?? contract.created_at).slice(0, 10);
}

/** POST /api/change-orders/:id/sign-mine: the contractor signs the draft as it stands. */
export async function signChangeOrder(
  deps: { db: DB; clock: () => Date },
  user: SessionUser,
  id: number,
  signaturePng: string,
  actor: Actor,
) {
  await deps.db.transaction().execute((trx) =>
    signDraftAsContractor(trx, {
      find: findChangeOrderRow,
      companyId: user.companyId,
      id,
      signaturePng,
      actor,
      now: deps.clock().toISOString(),
      notFound: 'Change order not found',
      notADraft: 'This change order was already sent and can no longer be changed',
    }),
  );
  return getChangeOrder(deps, user, id);
}

/** A change order, found as the follow-up actions find a contract (issue 38). */
export const CHANGE_ORDER_FINDER: RowFinder = {
  find: findChangeOrderRow,
  notFound: 'Change order not found',
};

/**
 * POST /api/change-orders/:id/void: a sent change order withdrawn as a contract is (every link
 * stops, every signer mailed the reason); its contract stays as it was.
 */
export function voidChangeOrder(
  deps: FollowUpDeps,
  user: SessionUser,
  id: number,
  reason: string,
  actor: Actor,
) {
  return voidContract(deps, user.companyId, id, reason, actor, CHANGE_ORDER_FINDER);
}
