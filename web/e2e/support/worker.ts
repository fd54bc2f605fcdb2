import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeEach, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../src/test/smtp-sink';
import { startStripeStandIn, type StripeStandIn } from '../../../src/test/stripe-stand-in';
import { startApp, type RunningApp } from './app-server';
import { afterBrowserTest, closeOpenContexts, launchBrowser, testStarted } from './browser';

/**
 * What the shared server of a worker runs with: mail to a real SMTP sink on 127.0.0.1 (each test
 * reads only its own addresses), no Ollama (scope cleanup uses the built-in rules, as on a fresh
 * install), webhooks allowed to 127.0.0.1 (tests only), Stripe's API played by the worker's
 * stand-in (each test's company connects with keys of its own), and no drain window on stop
 * (only the drills test the drain).
 */
export function sharedServerEnv(smtp: SmtpSink, stripe: StripeStandIn): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    // Issue 36, settings: the worker's Stripe stand-in.
    STRIPE_API_BASE: stripe.url,
    MAIL_FROM: 'TradeSign <contracts@tradesign.test>',
    OLLAMA_HOST: 'http://127.0.0.1:9',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    SHUTDOWN_DRAIN_MS: '0',
    ...manyAccountsEnv,
  };
}

/**
 * Every test makes its own account on a shared server: anyone may sign up, and the accounts send
 * at once (tests only; web/e2e/accounts-by-invitation.e2e.ts tries the real modes).
 */
const manyAccountsEnv = {
  SIGNUP_MODE: 'open',
  SIGNUP_EMAILS_VERIFIED: 'true',
  // Tests only: argon2id at its lightest for the many sign-ups (docs/decisions/047).
  PASSWORD_HASH_LIGHT: 'true',
  // Playwright's API requests (page.request) reuse a kept-alive connection and, unlike a browser,
  // do not send again when the server closed it as they wrote: a test whose API call came 5 s
  // after its last one got ECONNRESET on a slow machine (run 46, docs/testing.md). Browsers retry
  // such a request themselves, so the server's own 5 s stays as it is everywhere else.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000',
};

/**
 * One SMTP sink, one app server and one Chromium per vitest worker, shared by every browser test
 * file the worker runs (the e2e projects run with `isolate: false`, so worker fixtures outlive a
 * file: vitest.config.ts). Each test makes its own account, so no test sees another's data.
 */
/* eslint-disable no-empty-pattern -- vitest reads what a fixture needs from its first
   parameter's pattern, and the sink and the browser need nothing. */
const workerTest = test
  .extend('smtp', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtpSink();
    onCleanup(() => smtp.stop());
    return smtp;
  })
  // Issue 36, settings: one Stripe stand-in per worker, started before the server that calls it
  // and closed after it (fixtures are cleaned up in reverse order).
  .extend('stripe', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const stripe = await startStripeStandIn();
    onCleanup(() => stripe.close());
    return stripe;
  })
  .extend('sharedApp', { scope: 'worker' }, async ({ smtp, stripe }, { onCleanup }) => {
    const app = await startApp(sharedServerEnv(smtp, stripe));
    onCleanup(() => app.stop());
    return app;
  })
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  });
/* eslint-enable no-empty-pattern */

export interface Running {
  app(): RunningApp;
  browser(): Browser;
}

export interface RunningWithMail extends Running {
  /** The worker's SMTP sink, which the shared server mails through. */
  smtp(): SmtpSink;
  /** The worker's Stripe stand-in, which the shared server's STRIPE_API_BASE points at. */
  stripe(): StripeStandIn;
}

/** The worker's shared server, sink and browser, for the tests of one file. */
export function workerApp(): RunningWithMail {
  let shared:
    { app: RunningApp; browser: Browser; smtp: SmtpSink; stripe: StripeStandIn } | undefined;
  workerTest.beforeAll(({ sharedApp, browser, smtp, stripe }) => {
    shared = { app: sharedApp, browser, smtp, stripe };
  });
  beforeEach(testStarted);
  afterEach(afterBrowserTest);
  afterAll(closeOpenContexts);
  return {
    app: () => (shared ?? notStarted()).app,
    browser: () => (shared ?? notStarted()).browser,
    smtp: () => (shared ?? notStarted()).smtp,
    stripe: () => (shared ?? notStarted()).stripe,
  };
}

/**
 * A server of the file's own, for the few files whose server needs settings no other file may
 * share (a scripted Ollama), with the worker's browser. `serverEnv` runs first and may start the
 * helpers whose addresses the server needs.
 */
export function fileApp(serverEnv: () => Promise<Record<string, string>>): Running {
  let own: { app: RunningApp; browser: Browser } | undefined;
  workerTest.beforeAll(async ({ browser }) => {
    const app = await startApp({
      SHUTDOWN_DRAIN_MS: '0',
      ...manyAccountsEnv,
      ...(await serverEnv()),
    });
    own = { app, browser };
  });
  beforeEach(testStarted);
  afterEach(afterBrowserTest);
  afterAll(async () => {
    await closeOpenContexts();
    await own?.app.stop();
  });
  return {
    app: () => (own ?? notStarted()).app,
    browser: () => (own ?? notStarted()).browser,
  };
}

function notStarted(): never {
  throw new Error('the server or the browser did not start (see the beforeAll error)');
}
