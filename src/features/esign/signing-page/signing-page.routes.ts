import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  isLanguage,
  LANGUAGES,
  languageOr,
  type Language,
} from '../../../domain/i18n/languages.js';
import { AppError } from '../../../lib/app-error.js';
import { sendReusedText } from '../../../lib/reused-answer.js';
import { webDistDir } from '../../../lib/web-app.js';
import type { AppDeps } from '../../../ports/app-deps.js';
import { requestClient } from '../../sessions/request-context.js';
import { answerSigningLink } from '../esign.service.js';
import { switchReadingLanguage } from '../reading-language.js';
import { payDepositByLink } from '../deposit-payment.js';
import { paymentReturnOf } from '../../payments/payment-return.js';
import { readSigningPageAssets, type SigningPageAssets } from './page-assets.js';
import { renderSigningPage, type SigningPageState } from './signing-page.js';

/** A signing token as links carry it; anything else is a link that leads nowhere. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** The language switch's form. */
const languageSwitchSchema = z.object({ language: z.enum(LANGUAGES) });

/**
 * /esign/:token, the homeowner's page, rendered here whole (issue 20, docs/decisions/028), and
 * its language switch, a plain form post that works without script too.
 */
export async function registerSigningPage(
  app: FastifyInstance,
  deps: AppDeps,
  distDir = webDistDir,
): Promise<void> {
  let assets: SigningPageAssets | undefined;
  const pageAssets = () => (assets ??= readSigningPageAssets(distDir));

  await app.register((scope, _options, done) => {
    // The switch is an HTML form: its body is urlencoded, which only these routes accept.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { token: string }; Querystring: { lang?: unknown; paid?: unknown } }>(
      '/esign/:token',
      async (request, reply) => {
        const { token } = request.params;
        const page = await pageStateOf(deps, request, token, request.query.paid);
        const state = page.state;
        const language = displayLanguage(state, page.language, request.query.lang);
        return sendPage(
          request,
          reply,
          state,
          renderSigningPage({ state, language, token, assets: pageAssets() }),
        );
      },
    );

    // The deposit's button (issue 36): a plain form, so it works without script; the browser is
    // sent on to Stripe's Checkout, or back to the page, which says what went wrong.
    scope.post<{ Params: { token: string } }>('/esign/:token/pay', async (request, reply) => {
      const { token } = request.params;
      const page = `/esign/${encodeURIComponent(token)}`;
      void reply.header('cache-control', 'no-store');
      if (!TOKEN.test(token)) return reply.redirect(page, 303);
      try {
        const { url } = await payDepositByLink(deps, token, requestClient(request));
        return await reply.redirect(url, 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'BAD_GATEWAY') request.log.warn({ err: error.cause }, error.message);
        return reply.redirect(error.code === 'BAD_GATEWAY' ? `${page}?paid=error` : page, 303);
      }
    });

    scope.post<{ Params: { token: string }; Body: unknown }>(
      '/esign/:token/language',
      async (request, reply) => {
        const { token } = request.params;
        const form = languageSwitchSchema.safeParse(request.body);
        let page = `/esign/${encodeURIComponent(token)}`;
        // A language we do not offer changes nothing: the page shows the one it has.
        if (TOKEN.test(token) && form.success) {
          try {
            const { language } = form.data;
            const done = await switchReadingLanguage(deps, token, language, requestClient(request));
            // Nothing stored for a closed contract: only the page it lands on reads in it.
            if (done === 'closed') page += `?lang=${language}`;
          } catch (error) {
            // The page the browser lands on says what is wrong with the link.
            if (!(error instanceof AppError)) throw error;
          }
        }
        // Post/redirect/get: a reload does not post again, and the page answers in its language.
        return reply.header('cache-control', 'no-store').redirect(page, 303);
      },
    );
    done();
  });
}

async function pageStateOf(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
  paid: unknown,
): Promise<{ state: SigningPageState; language: Language }> {
  if (!TOKEN.test(token)) return { state: { kind: 'invalid' }, language: languageOr(null) };
  try {
    const answer = await answerSigningLink(deps, token, requestClient(request), deps.clock(), {
      recordOpening: isPersonOpening(request),
    });
    const language = languageOr(answer.language);
    if (!('template_html' in answer)) return { state: { kind: 'closed', view: answer }, language };
    // Each signer's own page (issue 37): theirs to sign, waiting for their turn, or signed by
    // them while others still sign.
    if (answer.status === 'sent' && !answer.you_signed_at) {
      const kind = answer.waiting_for ? 'waiting' : 'signable';
      return { state: { kind, view: answer }, language };
    }
    // Back from Stripe's Checkout (issue 36): ?paid=<session id>, canceled, or error.
    const paymentReturn =
      typeof paid !== 'string'
        ? null
        : paid === 'error'
          ? ({ kind: 'error' } as const)
          : await paymentReturnOf(deps, answer.id, paid);
    return { state: { kind: 'signed', view: answer, paymentReturn }, language };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return { state: { kind: 'invalid' }, language: languageOr(null) };
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'signing page failed');
    const busy = error instanceof AppError && error.code === 'TOO_MANY_REQUESTS';
    return { state: { kind: 'unavailable', busy }, language: languageOr(null) };
  }
}

/**
 * The language a page is shown in: the contract's own, except that a contract no longer awaiting
 * signature may be read in the language its switch asked for (`?lang=`, issue 33). The choice is
 * not stored: what the contract records (its language, the certificate's words, the mails) stays
 * as it was when it closed, while the homeowner still reads its notice in the language they can.
 * A page that can still be signed always speaks the stored language, the one the consent notice
 * is checked against when the client signs.
 */
function displayLanguage(state: SigningPageState, stored: Language, asked: unknown): Language {
  if (state.kind === 'signable' || typeof asked !== 'string' || !isLanguage(asked)) return stored;
  return asked;
}

/**
 * A person's browser opening the page, rather than a mail scanner or a link preview fetching
 * it: browsers mark a top-level navigation `Sec-Fetch-Mode: navigate` and a speculative one
 * `Sec-Purpose: prefetch`. Only such an opening is recorded and alerts the contractor.
 */
function isPersonOpening(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.headers['sec-fetch-mode'] === 'navigate' &&
    request.headers['sec-purpose'] === undefined
  );
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SigningPageState,
  html: string,
) {
  const status =
    state.kind === 'invalid' ? 404 : state.kind === 'unavailable' ? (state.busy ? 429 : 503) : 200;
  void reply
    .code(status)
    // The link is a secret: no cache may keep what it shows, no page it leads to learns it.
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer');
  // The same page (recentPage) is compressed once, not at every opening (issue 33).
  return sendReusedText(request, reply, html, 'text/html; charset=utf-8');
}
