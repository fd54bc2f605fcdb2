import { toHeaderText } from '../mail-header.js';
import { longDateTime, renderParts } from './render.js';
import { brandView, type RenderedMail } from './types.js';
import { clientLabel } from './viewed-alert.js';

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
}

/**
 * A reason someone typed, as lines: the HTML part escapes each line and puts `<br>` between them
 * (Outlook ignores white-space:pre-wrap), the text part quotes each line with `> `.
 */
export function reasonLines(reason: string): string[] {
  return reason
    .trim()
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.trimEnd());
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
    brand: brandView({ name: 'TradeSign', phone: null, email: null, logoUrl: null }),
    client,
    contractId,
    declinedAt: longDateTime(input.declinedAt),
    reasonLines: reasonLines(input.reason),
    contractUrl: input.contractUrl,
  });
  return { subject, html, text };
}
