import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { webDistDir } from '../../../lib/web-app.js';
import type { AppDeps } from '../../../ports/app-deps.js';
import { readSigningPageAssets } from '../../esign/signing-page/page-assets.js';
import { requestClient } from '../../sessions/request-context.js';
import { payByLink, payPageStateOf, type PayPageState } from '../pay-link.service.js';
import { renderPayPage } from './pay-page.js';

/** Refusals that are a page of their own (gone, busy) rather than a line on the payment's. */
const PAGE_OUTCOMES = new Set<string>(['NOT_FOUND', 'TOO_MANY_REQUESTS']);

const STATUS_OF: Record<PayPageState['kind'], number> = {
  invalid: 404,
  unavailable: 503,
  due: 200,
  paid: 200,
  processing: 200,
  returned: 200,
};

/**
 * /pay/:token, the page an emailed payment link opens (issue 36), and its Pay button: a plain form
 * posted to the page itself, answered with a 303 to Stripe's Checkout, so paying works without
 * script (the app's policy lets a form lead there: src/lib/security.ts). POST /api/pay/:token is the same for scripts (payment-requests.routes.ts).
 */
export function registerPayPage(app: FastifyInstance, deps: AppDeps, distDir = webDistDir): void {
  let css: string | undefined;
  const pageCss = () => (css ??= readSigningPageAssets(distDir).css);
  const send = (reply: FastifyReply, state: PayPageState, token: string) => {
    const status = state.kind === 'unavailable' && state.busy ? 429 : STATUS_OF[state.kind];
    return (
      reply
        .code(status)
        // The link is a secret: no cache may keep the page (a service worker, should the app
        // ever have one, must pass /pay/ by too), and no page it leads to learns the link.
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(renderPayPage({ state, token, css: pageCss() }))
    );
  };

  // Loaded with the app's other plugins, in order, when the app starts.
  void app.register((scope, _options, done) => {
    // The Pay button is an HTML form with nothing to say but "pay": its body is ignored.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    scope.get<{ Params: { token: string }; Querystring: { paid?: unknown } }>(
      '/pay/:token',
      async (request, reply) => {
        const { token } = request.params;
        const paid = typeof request.query.paid === 'string' ? request.query.paid : undefined;
        const state = await pageState(request, () =>
          payPageStateOf(deps, token, requestClient(request), paid),
        );
        return send(reply, state, token);
      },
    );

    scope.post<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
      const { token } = request.params;
      const client = requestClient(request);
      try {
        const { url } = await payByLink(deps, token, client);
        return await reply.header('cache-control', 'no-store').redirect(url, 303);
      } catch (error) {
        const problem =
          error instanceof AppError && !PAGE_OUTCOMES.has(error.code) ? error.message : null;
        if (problem === null) {
          const failed = await pageState(request, () => {
            throw error;
          });
          return send(reply, failed, token);
        }
        // Paid meanwhile, Stripe out of reach, online payment turned off: the page says which.
        const state = await pageState(request, () =>
          payPageStateOf(deps, token, client, undefined),
        );
        return send(reply, state.kind === 'due' ? { ...state, problem } : state, token);
      }
    });
    done();
  });
}

/** A page's state, or what to say when it cannot be read: busy, gone, or failing. */
async function pageState(
  request: FastifyRequest,
  read: () => Promise<PayPageState>,
): Promise<PayPageState> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { kind: 'invalid' };
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      return { kind: 'unavailable', busy: true };
    }
    request.log.error({ err: error }, 'payment page failed');
    return { kind: 'unavailable', busy: false };
  }
}
