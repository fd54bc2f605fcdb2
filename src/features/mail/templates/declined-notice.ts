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
}

/** Tells the contractor that the client declined, with the reason they gave. */
export function renderDeclinedNoticeMail(input: DeclinedNoticeMailInput): RenderedMail {
  const client = clientLabel(input.clientName);
  const { contractId } = input;
  const subject = toHeaderText(`${client} declined Contract #${contractId}`);
  const { html, text } = renderParts('declined-notice', {
    subject,
    preheader: `${client} declined Contract #${contractId}. Their reason is inside.`,
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
