import { Eta } from 'eta';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import { formatPhone } from '../../../domain/template-engine/formatters.js';
import { appFilesDir } from '../../../lib/app-files.js';
import type { PayPageState, PayView } from '../pay-link.service.js';

/** Our own template only; `<%= %>` escapes every value. */
const eta = new Eta({
  views: appFilesDir('payPageViews'),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

type Tone = 'red' | 'yellow' | 'green';

/** A state's message: a title with its lines, in a coloured box. */
interface Notice {
  tone: Tone;
  icon: string;
  title: string;
  lines: string[];
  retry: { label: string; href: string } | null;
}

/**
 * The page /pay/:token opens (issue 36), in the client's language: the contract, the stage and
 * the amount with one button, "Pay $X", a plain form that posts to the page itself, so it works
 * without script; or what came of paying. Styled with the signing page's stylesheet, inlined.
 */
export function renderPayPage(input: { state: PayPageState; token: string; css: string }): string {
  const { state, token } = input;
  const language = 'view' in state ? state.view.language : DEFAULT_LANGUAGE;
  const { paymentRequest } = messagesFor(language);
  const page = `/pay/${encodeURIComponent(token)}`;
  const view = 'view' in state ? state.view : null;
  return eta.render('./pay-page.html.eta', {
    lang: language,
    css: input.css,
    title: view?.company ? paymentRequest.page.title(view.company) : paymentRequest.page.heading,
    banner: view ? bannerOf(view) : null,
    notice: noticeOf(state, page),
    pay: view && showsPayButton(state) ? payFormOf(view, page, state) : null,
  });
}

function showsPayButton(state: PayPageState): boolean {
  return state.kind === 'due' || (state.kind === 'returned' && state.outcome.kind === 'not_paid');
}

function bannerOf(view: PayView) {
  const { mail, paymentRequest, signing } = messagesFor(view.language);
  const company = view.company ?? signing.banner.yourContractor;
  const phone = view.companyPhone?.trim() || null;
  const email = view.companyEmail?.trim() || null;
  const [before, name, after] = mail.contacts.questions(view.company);
  return {
    heading: paymentRequest.page.heading,
    contractLine: signing.banner.contractLine(company, view.contractId),
    preparedFor: view.clientName ? signing.banner.preparedFor(view.clientName) : null,
    contact:
      phone || email
        ? {
            lead: `${before}${name}${after}`,
            phone: phone
              ? { text: formatPhone(phone), href: `tel:${phone.replace(/[^\d+]/g, '')}` }
              : null,
            email: email ? { text: email, href: `mailto:${email}` } : null,
          }
        : null,
  };
}

function payFormOf(view: PayView, page: string, state: PayPageState) {
  const { payments, paymentRequest } = messagesFor(view.language);
  const amount = formatUsd(view.amountCents);
  return {
    action: page,
    rows: [
      { label: payments.receipt.stage, value: payments.stageDue(view.stageLabel, view.contractId) },
      { label: payments.receipt.amount, value: amount },
    ],
    requestedBy: payments.requestedBy(view.company),
    button: payments.payStage(amount),
    secure: paymentRequest.page.secure,
    problem: state.kind === 'due' ? (state.problem ?? null) : null,
  };
}

function noticeOf(state: PayPageState, page: string): Notice | null {
  const language: Language = 'view' in state ? state.view.language : DEFAULT_LANGUAGE;
  const { payments, paymentRequest, signing } = messagesFor(language);
  const notice = (tone: Tone, icon: string, title: string, lines: string[]): Notice => ({
    tone,
    icon,
    title,
    lines,
    retry: null,
  });
  switch (state.kind) {
    case 'invalid':
      return notice('red', '!', paymentRequest.page.invalidTitle, [payments.linkInvalid]);
    case 'unavailable': {
      const words = paymentRequest.page;
      return {
        ...notice('yellow', '!', words.unavailableTitle, [
          state.busy ? words.busy : words.unavailable,
        ]),
        retry: { label: signing.unavailable.retry, href: page },
      };
    }
    case 'due':
      return null;
    case 'paid':
      return notice('green', '✓', payments.received, [payments.alreadyPaid]);
    case 'processing':
      return notice('green', '✓', payments.processing, [
        payments.processingBody(formatUsd(state.view.amountCents)),
      ]);
    case 'returned': {
      const { outcome, view } = state;
      if (outcome.kind === 'not_paid') {
        return notice('yellow', '!', payments.notPaid, [payments.notPaidBody]);
      }
      const amount = formatUsd(outcome.amount_cents);
      return outcome.kind === 'received'
        ? notice('green', '✓', payments.received, [payments.receivedBody(amount, view.contractId)])
        : notice('green', '✓', payments.processing, [payments.processingBody(amount)]);
    }
  }
}
