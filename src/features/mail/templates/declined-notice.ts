import { messagesFor } from '../../../domain/i18n/catalogue.js';
import type { ChangeOrderRef } from '../../../domain/i18n/en/mail.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, reasonLines, renderParts } from './render.js';
import { clientLabel, tradeSignBrand, type RenderedMail } from './types.js';

export interface DeclinedNoticeMailInput {
  /** 'Your client' when null or blank. */
  clientName: string | null;
  contractId: number;
  /** What the client wrote (3 to 1000 characters), line breaks and all. */
  reason: string;
  /** ISO time of the decline. */
  declinedAt: string;
  /** PUBLIC_URL + /contracts/<id> */
  contractUrl: string;
  /** The company's time zone: the decline's time is on its clock (UTC when unset). */
  timeZone?: string | null;
  /**
   * A change order declined (issue 38): named with its contract's number, and `contractUrl` the
   * page of that contract, where its change orders are; null for a contract.
   */
  changeOrder?: ChangeOrderRef | null;
}

/** Tells the contractor that the client declined, with the reason they gave. */
export function renderDeclinedNoticeMail(input: DeclinedNoticeMailInput): RenderedMail {
  const client = clientLabel(input.clientName);
  const { contractId } = input;
  const change = input.changeOrder ?? null;
  // The contractor's own notice is English, like the rest of the contractor's app.
  const declined = change
    ? messagesFor('en').mail.signingRequest.changeOrder.name(change)
    : `Contract #${contractId}`;
  const subject = toHeaderText(`${client} declined ${declined}`);
  const { html, text } = renderParts('declined-notice', {
    subject,
    preheader: `${client} declined ${declined}. Their reason is inside.`,
    declined,
    nextStep: change
      ? "You can write a new change order from the contract's page."
      : 'You can revise the contract and send it again from its page.',
    openLabel: change ? `Open Contract #${change.contractId}` : `Open Contract #${contractId}`,
    // The contractor's own notice: TradeSign speaks, and the contractor needs no contact lines.
    brand: tradeSignBrand(),
    client,
    contractId,
    declinedAt: companyDateTime(input.declinedAt, input.timeZone),
    reasonLines: reasonLines(input.reason),
    contractUrl: input.contractUrl,
  });
  return { subject, html, text };
}
