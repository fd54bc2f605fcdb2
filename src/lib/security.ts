import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';

/**
 * CSP and the other security headers on every response (issue 2 item 5). Helmet's middleware is
 * built once: @fastify/helmet builds it again on every request, re-parsing the CSP each time,
 * which was about 4% of a contracts-list request's CPU (docs/decisions/013).
 */
/** Where Stripe's hosted Checkout lives: Stripe's own, or the tests' stand-in. */
function checkoutOrigins(config: Config): string[] {
  return config.STRIPE_API_BASE
    ? [new URL(config.STRIPE_API_BASE).origin]
    : ['https://checkout.stripe.com'];
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Signatures travel as data: URLs; logos are served from our origin.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // A payment form posts here and is sent on to Stripe's Checkout (issue 36); browsers hold
        // the redirect's target to this list too.
        formAction: ["'self'", ...checkoutOrigins(config)],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS over plain http is ignored by browsers and wrong on a LAN install; send it only on https.
    strictTransportSecurity: config.isHttps
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence: a state-changing request must come from our own origin,
 * proven by Origin or, where a browser omits it, by Sec-Fetch-Site. A call with an
 * Authorization header is exempt: its credential is a key the caller sends on purpose, never
 * one a browser attaches by itself, and such a call never uses the session cookie
 * (src/features/sessions/session-cookie.ts). Another site cannot send that header without a CORS
 * preflight, which this app never allows.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    // A form posted from a page whose Referrer-Policy is no-referrer (the signing page's language
    // switch) carries `Origin: null`; the browser's own Sec-Fetch-Site still tells where it is from.
    const unstated = !origin || origin === 'null';
    const sameOrigin =
      origin === allowedOrigin || (unstated && request.headers['sec-fetch-site'] === 'same-origin');
    const withKey = request.headers.authorization !== undefined;
    // Stripe's events carry no cookie and no Origin; their signature is checked instead.
    const signedByCaller = request.routeOptions.config.signedByCaller === true;
    if (!unsafeMethods.has(request.method) || sameOrigin || withKey || signedByCaller) {
      return done();
    }
    done(
      new AppError(
        'FORBIDDEN',
        `Cross-origin request refused: send Origin: ${allowedOrigin} with this request`,
      ),
    );
  });
}
