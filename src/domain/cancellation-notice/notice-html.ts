import { cancellationDeadline } from '../business-days.js';
import { formatLongDate } from '../dates.js';
import type { Language } from '../i18n/languages.js';
import { escapeHtml } from '../template-engine/index.js';
import { CANCELLATION_WORDS } from './words.js';

/** What the Notice of Cancellation is filled in with. */
export interface CancellationNoticeFacts {
  language: Language;
  seller: { name: string | null; address: string | null };
  /** `YYYY-MM-DD`: the day the client signed, on the company's clock; null before they sign. */
  transactionDate: string | null;
}

/** Marks the notice's section, so a reader of the document (or a test) can find it. */
export const CANCELLATION_NOTICE_CLASS = 'tradesign-cancellation-notice';

/**
 * Every element carries its own inline style: the notice follows whatever template the contract
 * used, and that template's rules for `p` or `h2` must not restyle (or hide) the rule's text.
 * The rule asks for bold type of at least 10 points: 14px is 10.5pt on paper.
 */
const TEXT =
  'margin:0 0 10px;padding:0;border:0;font-size:14px;line-height:1.45;font-weight:700;' +
  'font-style:normal;text-transform:none;letter-spacing:normal;text-align:left;color:#000;' +
  'background:none;display:block;visibility:visible';
const SECTION =
  'break-before:page;page-break-before:always;display:block;visibility:visible;max-width:800px;' +
  'margin:32px auto 0;padding:16px 0 0;border:0;border-top:2px dashed #000;background:#fff;' +
  'color:#000;font-family:Arial,Helvetica,sans-serif;overflow-wrap:break-word';
const COPY = 'break-inside:avoid;page-break-inside:avoid;display:block;padding:8px 0 16px;margin:0';
const NEXT_COPY = `${COPY};break-before:page;page-break-before:always;border-top:2px dashed #000;margin-top:24px;padding-top:16px`;
const HEADING =
  'margin:4px 0 12px;padding:0;border:0;font-size:18px;line-height:1.3;font-weight:700;' +
  'font-style:normal;text-transform:none;letter-spacing:0.04em;text-align:center;color:#000;' +
  'background:none;display:block;visibility:visible';
const SMALL = `${TEXT};margin:0;font-size:12px;font-weight:400;color:#333`;
const FILLED = 'text-decoration:underline;font-weight:700';
const BLANK =
  'display:inline-block;min-width:12em;height:1em;border-bottom:1px solid #000;vertical-align:bottom';
const SIGN_LINE = 'display:block;height:40px;border-bottom:1px solid #000;margin:0';

function blank(caption: string): string {
  return `<span style="${BLANK}"></span> ${escapeHtml(caption)}`;
}

function filled(value: string): string {
  return `<span style="${FILLED}">${escapeHtml(value)}</span>`;
}

function paragraph(html: string): string {
  return `<p style="${TEXT}">${html}</p>`;
}

/** One copy of the form: the rule asks for it in duplicate, so the buyer keeps one. */
function noticeCopy(facts: CancellationNoticeFacts, number: number, of: number): string {
  const words = CANCELLATION_WORDS[facts.language];
  const { language, seller, transactionDate } = facts;
  const seen = (value: string | null) => (value && value.trim() !== '' ? value : null);
  const name = seen(seller.name);
  const address = seen(seller.address);
  const dateLine = transactionDate
    ? `${filled(formatLongDate(transactionDate, language))}<br><span style="${SMALL}">${escapeHtml(words.dateOfTransaction)}</span>`
    : `<span style="${SIGN_LINE};height:24px"></span><span style="${SMALL}">${escapeHtml(words.dateOfTransactionBlank)}</span>`;
  const deadline = transactionDate
    ? filled(formatLongDate(cancellationDeadline(transactionDate), language))
    : escapeHtml(words.deadlineInWords);
  const toCancel = words.toCancel(
    name ? filled(name) : blank(words.sellerBlank),
    address ? filled(address) : blank(words.addressBlank),
    deadline,
  );
  const signatureLine = (caption: string) =>
    `<div style="flex:1 1 200px;margin:0"><span style="${SIGN_LINE}"></span><span style="${SMALL}">${escapeHtml(caption)}</span></div>`;
  return (
    `<div style="${number === 1 ? COPY : NEXT_COPY}">` +
    `<p style="${SMALL};text-align:right">${escapeHtml(words.copy(number, of))}</p>` +
    `<h2 style="${HEADING}">${escapeHtml(words.title)}</h2>` +
    paragraph(dateLine) +
    paragraph(escapeHtml(words.mayCancel)) +
    paragraph(escapeHtml(words.ifYouCancelReturned)) +
    paragraph(escapeHtml(words.ifYouCancelGoods)) +
    paragraph(escapeHtml(words.ifGoodsNotPickedUp)) +
    paragraph(toCancel) +
    paragraph(escapeHtml(words.hereby)) +
    `<div style="display:flex;flex-wrap:wrap;gap:16px 32px;margin:16px 0 0">` +
    signatureLine(words.date) +
    signatureLine(words.buyerSignature) +
    '</div></div>'
  );
}

/**
 * The Notice of Cancellation (16 CFR 429.1(b)) as the contract's last page: two identical
 * copies, each on a page of its own when printed, so the buyer can send one and keep the other
 * with the whole contract. The language is the document's.
 */
export function cancellationNoticeHtml(facts: CancellationNoticeFacts): string {
  const copies = [1, 2].map((number) => noticeCopy(facts, number, 2)).join('');
  return `<section class="${CANCELLATION_NOTICE_CLASS}" lang="${facts.language}" style="${SECTION}">${copies}</section>`;
}
