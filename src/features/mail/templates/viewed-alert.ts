import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { clientLabel, tradeSignBrand, type RenderedMail } from './types.js';

export interface ViewedAlertMailInput {
  /** 'Your client' when null or blank. */
  clientName: string | null;
  contractId: number;
  /** ISO time the client first opened the signing page. */
  openedAt: string;
  /** PUBLIC_URL + /contracts/<id> */
  contractUrl: string;
  /** PUBLIC_URL + /settings/reminders */
  settingsUrl: string;
  /** The company's time zone: the opening time is on its clock (UTC when unset). */
  timeZone?: string | null;
  /** A change order opened (issue 38): named as one, `contractUrl` being its contract's page. */
  changeOrder?: { number: number; contractId: number } | null;
}

/** Tells the contractor that the client opened the contract for the first time. */
export function renderViewedAlertMail(input: ViewedAlertMailInput): RenderedMail {
  const client = clientLabel(input.clientName);
  const document = input.changeOrder
    ? `Change Order ${input.changeOrder.number} to Contract #${input.changeOrder.contractId}`
    : `Contract #${input.contractId}`;
  const subject = toHeaderText(`${client} opened ${document}`);
  const openedAt = companyDateTime(input.openedAt, input.timeZone);
  const { html, text } = renderParts('viewed-alert', {
    subject,
    preheader: `${client} opened ${document} on ${openedAt}.`,
    // The contractor's own alert: TradeSign speaks, and the contractor needs no contact lines.
    brand: tradeSignBrand(),
    client,
    document,
    openedAt,
    contractUrl: input.contractUrl,
    settingsUrl: input.settingsUrl,
  });
  return { subject, html, text };
}
