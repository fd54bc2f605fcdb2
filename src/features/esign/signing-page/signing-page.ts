import { Eta } from 'eta';
import { appFilesDir } from '../../../lib/app-files.js';
import { formatLongDate } from '../../../domain/dates.js';
import type { EsignClosedView, EsignView } from '../../../domain/esign.schemas.js';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../domain/i18n/languages.js';
import { signingWordsFor, type SignedDocumentKind } from '../../../domain/i18n/signing-words.js';
import { formatUsd } from '../../../domain/money.js';
import {
  SIGNING_CONSENT_ELEMENT_ID,
  SIGNING_DATA_ELEMENT_ID,
  SIGNING_ISLAND_ELEMENT_ID,
  SIGNING_STATUS_ELEMENT_ID,
} from '../../../domain/signing-island.js';
import { formatPhone } from '../../../domain/template-engine/formatters.js';
import { inlineContractMarkup } from './inline-document.js';
import { islandDataFor, othersPendingWords } from './island-data.js';
import { noticeParts, pageNotice, unsignedPdfUrl } from './page-notice.js';
import type { SigningPageAssets } from './page-assets.js';
import { recentPage } from './recent-pages.js';
import type { PaymentReturn } from '../../payments/payment-return.js';

/** Our own template only; `<%= %>` escapes every value, the contract's HTML included (srcdoc). */
const eta = new Eta({
  views: appFilesDir('signingPageViews'),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

/** What the client is told on coming back from Stripe's Checkout (issue 36). */
export type PaymentReturnView = PaymentReturn | { kind: 'error' };

/** What a signing link leads to, as the page shows it. */
export type SigningPageState =
  | { kind: 'signable'; view: EsignView }
  /** Signing in order, another signer's turn (issue 37): the contract to read, no signing. */
  | { kind: 'waiting'; view: EsignView }
  | { kind: 'signed'; view: EsignView; paymentReturn?: PaymentReturnView | null }
  | { kind: 'closed'; view: EsignClosedView }
  /** Unknown, revoked or long-expired link. */
  | { kind: 'invalid' }
  /** Too many openings from this address (busy), or the server failing: the link may be fine. */
  | { kind: 'unavailable'; busy: boolean };

/**
 * The whole signing page, /esign/:token (issue 20): everything to read is HTML from here, so the
 * contract shows before any script runs, and without script at all. The island (web/src/signing)
 * adds the consent box, the pad and the buttons to a contract awaiting signature.
 */
export function renderSigningPage(input: PageInput): string {
  const { state } = input;
  if (state.kind !== 'signable' && state.kind !== 'signed' && state.kind !== 'waiting') {
    return pageOf(input);
  }
  // Everything the page shows but the document, which recentPage compares whole.
  const view = {
    ...state.view,
    template_html: null,
    paymentReturn: state.kind === 'signed' ? state.paymentReturn : null,
  };
  const key = JSON.stringify([input.token, input.language, state.kind, view]);
  return recentPage(input.assets, key, state.view.template_html, () => pageOf(input));
}

interface PageInput {
  state: SigningPageState;
  language: Language;
  token: string;
  assets: SigningPageAssets;
}

function pageOf(input: PageInput): string {
  const { state, language, token } = input;
  const words = signingWordsFor(language, documentKindOf(state));
  const company = 'view' in state ? state.view.company_name : null;
  return eta.render('./signing-page.html.eta', {
    lang: language,
    words,
    title:
      state.kind === 'signable' || state.kind === 'signed' || state.kind === 'waiting'
        ? words.pageTitle(company ?? 'TradeSign')
        : 'TradeSign',
    css: input.assets.css,
    scriptTags: input.assets.scriptTags,
    ids: {
      island: SIGNING_ISLAND_ELEMENT_ID,
      status: SIGNING_STATUS_ELEMENT_ID,
      consent: SIGNING_CONSENT_ELEMENT_ID,
      data: SIGNING_DATA_ELEMENT_ID,
    },
    languages: LANGUAGES.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code],
      current: code === language,
    })),
    // The switch posts to the page itself; only a page with a contract has one.
    switchAction: state.kind === 'invalid' ? null : `/esign/${encodeURIComponent(token)}/language`,
    body: bodyOf(state, language, token),
  });
}

/** A change order's page speaks of a change order (issue 38); a page without one, of a contract. */
function documentKindOf(state: SigningPageState): SignedDocumentKind {
  return 'view' in state && state.view.change_order ? 'change-order' : 'contract';
}

/** The words of the page a view belongs to. */
function wordsOf(view: { change_order: unknown }, language: Language) {
  return signingWordsFor(language, view.change_order ? 'change-order' : 'contract');
}

function bodyOf(state: SigningPageState, language: Language, token: string) {
  const words = signingWordsFor(language, documentKindOf(state));
  switch (state.kind) {
    case 'invalid':
      return notice('red', '!', words.closed.invalidTitle, [words.closed.invalidMessage]);
    case 'unavailable':
      return {
        ...notice('yellow', '!', words.unavailable.title, [words.unavailable.message]),
        retry: { label: words.unavailable.retry, href: `/esign/${encodeURIComponent(token)}` },
      };
    case 'closed':
      return closedNotice(state.view, language);
    case 'signable':
      return contractBody('signable', state.view, language, token, null);
    case 'waiting':
      return contractBody('waiting', state.view, language, token, null);
    case 'signed':
      return contractBody('signed', state.view, language, token, state.paymentReturn ?? null);
  }
}

function notice(tone: 'red' | 'yellow' | 'gray', icon: string, title: string, lines: string[]) {
  return { kind: 'notice' as const, tone, icon, title, lines, contact: null, retry: null };
}

function closedNotice(view: EsignClosedView, language: Language) {
  const words = wordsOf(view, language).closed;
  const contact = contactOf(view, words.contact(view.company_name));
  switch (view.status) {
    case 'expired':
      return { ...notice('red', '!', words.invalidTitle, [words.invalidMessage]), contact };
    case 'declined': {
      const on = view.closed_at ? formatLongDate(view.closed_at, language) : null;
      return notice('gray', '×', words.declinedTitle, [
        view.declined_by
          ? words.declinedByOther(view.declined_by, on, view.company_name)
          : words.declinedMessage(on, view.company_name),
      ]);
    }
    case 'voided': {
      const lines = [words.withdrawnMessage(view.company_name)];
      // The app's own reason (a revision replaced it) in the reader's words.
      const reason = view.closed_reason && messagesFor(language).events.reason(view.closed_reason);
      if (reason) lines.push(words.reason(reason));
      return { ...notice('yellow', '!', words.withdrawnTitle, lines), contact };
    }
  }
}

type CompanyContacts = Pick<EsignView, 'company_phone' | 'company_email'>;

/** "Contact <company>: <phone> · <email>", as links, with only what the company gave. */
function contactOf(view: CompanyContacts, lead: string) {
  const phone = view.company_phone?.trim() || null;
  const email = view.company_email?.trim() || null;
  if (!phone && !email) return null;
  return {
    lead,
    phone: phone ? { text: formatPhone(phone), href: `tel:${phone.replace(/[^\d+]/g, '')}` } : null,
    email: email ? { text: email, href: `mailto:${email}` } : null,
  };
}

function contractBody(
  kind: 'signable' | 'signed' | 'waiting',
  view: EsignView,
  language: Language,
  token: string,
  paymentReturn: PaymentReturnView | null,
) {
  const words = wordsOf(view, language);
  const company = view.company_name ?? words.banner.yourContractor;
  const paying = messagesFor(language).payments;
  const deposit = view.payment_due ? formatUsd(view.payment_due.amount_cents) : null;
  // Once Checkout says it is paid or on its way, the offer waits for Stripe's event to close it.
  const settled = paymentReturn?.kind === 'received' || paymentReturn?.kind === 'processing';
  // The contract is signed once its last signer signed (issue 37): only then is a deposit paid.
  const contractSigned = view.client_signed_at !== null;
  return {
    kind,
    depositDue: kind !== 'signed' && deposit ? paying.depositDue(deposit) : null,
    depositOffer:
      kind === 'signed' && contractSigned && deposit && !settled
        ? {
            action: `/esign/${encodeURIComponent(token)}/pay`,
            pay: paying.payDeposit(deposit),
            laterNote: paying.payLaterNote,
          }
        : null,
    paymentReturn: paymentReturn ? paymentReturnNotice(paymentReturn, view.id, language) : null,
    banner: {
      contractLine: view.change_order
        ? words.banner.changeOrderLine(
            company,
            view.change_order.number,
            view.change_order.contract_id,
          )
        : words.banner.contractLine(company, view.id),
      preparedFor: preparedForOf(view, language),
      total:
        view.total_price_cents === null || view.change_order
          ? null
          : formatUsd(view.total_price_cents),
      // A change order shows what it changes and the total it makes (issue 38).
      change: view.change_order
        ? words.banner.changeTotals(
            signedUsd(view.change_order.price_change_cents),
            formatUsd(view.total_price_cents ?? 0),
          )
        : null,
      contact: contactOf(view, words.banner.questions),
    },
    signedOn:
      kind === 'signed' && view.you_signed_at
        ? {
            iso: view.you_signed_at,
            text: words.done.signedOn(formatLongDate(view.you_signed_at, language)),
          }
        : null,
    doneMessage: contractSigned
      ? words.done.message
      : (othersPendingWords(view, language) ?? words.done.message),
    waiting:
      kind === 'waiting' && view.waiting_for
        ? waitingNotice(view.waiting_for, wordsOf(view, language))
        : null,
    signers: view.signers.length > 1 ? signersListOf(view, language) : null,
    pdfUrl: view.executed_pdf ? `/api/esign/${encodeURIComponent(token)}/executed.pdf` : null,
    documentHtml: view.template_html,
    // The same document for a browser without script, which cannot size the frame to it.
    inlineDocument: inlineContractMarkup(view.template_html),
    // The whole ESIGN notice, before the consent box, with or without script (issue 32).
    consent: kind === 'signable' ? consentOf(view, language, token) : null,
    // `<` escaped so the JSON can never close its <script> element.
    islandJson:
      kind === 'signable'
        ? JSON.stringify(islandDataFor(view, language)).replace(/</g, '\\u003c')
        : null,
  };
}

/** "Prepared for Jordan Rivera and Alex Rivera": everyone who signs (issue 37). */
function preparedForOf(view: EsignView, language: Language): string | null {
  const words = wordsOf(view, language);
  const names = view.signers.map((signer) => signer.name);
  if (names.length <= 1)
    return view.client_name ? words.banner.preparedFor(view.client_name) : null;
  return words.banner.preparedFor(words.signers.names(names));
}

/** "Waiting for Dana Rivera to sign first", and what happens then. */
function waitingNotice(name: string, pageWords: ReturnType<typeof wordsOf>) {
  const words = pageWords.signers;
  return { title: words.waitingFor(name), message: words.waitingMessage(name) };
}

/** Who signs, in order, and where each stands, as every signer's page lists them. */
function signersListOf(view: EsignView, language: Language) {
  const words = messagesFor(language).signing.signers;
  return {
    heading: words.heading,
    items: view.signers.map((signer) => ({
      name: signer.you ? words.you(signer.name) : signer.name,
      status:
        signer.status === 'signed' && signer.signed_at
          ? words.signedOn(formatLongDate(signer.signed_at, language))
          : signer.status === 'declined'
            ? words.declined
            : signer.status === 'waiting'
              ? words.waiting
              : words.notYet,
      signed: signer.status === 'signed',
      you: signer.you,
    })),
  };
}

function consentOf(view: EsignView, language: Language, token: string) {
  const notice = pageNotice(view, language);
  return {
    title: notice.title,
    sections: notice.sections.map((section) => ({
      heading: section.heading,
      parts: noticeParts(section.text),
    })),
    download: {
      label: wordsOf(view, language).consent.downloadPdf,
      href: unsignedPdfUrl(token),
    },
  };
}

/** The notice at the top of the page the client comes back to from Checkout. */
function paymentReturnNotice(
  paymentReturn: PaymentReturnView,
  contractId: number,
  language: Language,
) {
  const words = messagesFor(language).payments;
  switch (paymentReturn.kind) {
    case 'received':
      return {
        tone: 'green',
        title: words.received,
        message: words.receivedBody(formatUsd(paymentReturn.amount_cents), contractId),
      };
    case 'processing':
      return {
        tone: 'yellow',
        title: words.processing,
        message: words.processingBody(formatUsd(paymentReturn.amount_cents)),
      };
    case 'not_paid':
      return { tone: 'gray', title: words.notPaid, message: words.notPaidBody };
    case 'error':
      return { tone: 'yellow', title: words.notPaid, message: words.couldNotOpen };
  }
}

/** A change in price with its sign: +$1,200.00, -$300.00. */
function signedUsd(cents: number): string {
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}
