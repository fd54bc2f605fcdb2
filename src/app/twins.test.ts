import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../lib/route-registry.js';
import { API_DOCS_PREFIX } from './openapi.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { appRouter } from './app-router.js';

/**
 * Each REST call of the facade and its tRPC twin (issue 16): the same service behind both, for
 * integrators and for the web app. A new route or procedure must be added here with its twin,
 * or to ONE_SIDED with the reason it has none.
 */
const TWINS: Record<string, string> = {
  'GET /api/auth/user': 'auth.user',
  'POST /api/auth/signup': 'auth.signup',
  'POST /api/auth/login': 'auth.login',
  'POST /api/auth/logout': 'auth.logout',
  'GET /api/auth/security-log': 'auth.securityLog',
  // Issue 34 part A: forgot, reset and change password; the signed-in devices.
  'POST /api/auth/forgot': 'auth.password.forgot',
  'POST /api/auth/reset/check': 'auth.password.checkReset',
  'POST /api/auth/reset': 'auth.password.reset',
  'PUT /api/auth/password': 'auth.password.change',
  'GET /api/auth/sessions': 'auth.sessions.list',
  'DELETE /api/auth/sessions/:id': 'auth.sessions.revoke',
  'POST /api/auth/sessions/revoke-others': 'auth.sessions.revokeOthers',
  // Issue 34, two-step sign-in.
  'POST /api/auth/login/2fa': 'auth.loginTwoFactor',
  'POST /api/auth/2fa/setup': 'auth.twoFactor.setup',
  'POST /api/auth/2fa/enable': 'auth.twoFactor.enable',
  'POST /api/auth/2fa/disable': 'auth.twoFactor.disable',
  'POST /api/auth/2fa/recovery-codes': 'auth.twoFactor.recoveryCodes',
  // Issue 34, who may sign up and the sign-in email.
  'GET /api/auth/signup-status': 'auth.signupStatus',
  'POST /api/auth/verify-email': 'auth.verifyEmail',
  'POST /api/auth/verify-email/resend': 'auth.resendVerification',
  'POST /api/auth/email': 'auth.changeEmail',
  'POST /api/auth/email/confirm': 'auth.confirmEmailChange',
  // Issue 35: the team.
  'GET /api/team': 'team.get',
  'POST /api/team/invites': 'team.invite',
  'DELETE /api/team/invites/:id': 'team.cancelInvite',
  'POST /api/team/join/check': 'team.checkJoin',
  'POST /api/team/join': 'team.join',
  'POST /api/team/join/accept': 'team.accept',
  'PUT /api/team/members/:id': 'team.changeRole',
  'DELETE /api/team/members/:id': 'team.remove',
  'PUT /api/team/me': 'team.setMyName',
  // Issue 36: getting paid.
  'GET /api/payments/settings': 'payments.settings',
  'PUT /api/payments/settings': 'payments.updateSettings',
  'POST /api/payments/settings/test': 'payments.testConnection',
  // Issue 36, later stages.
  'GET /api/contracts/:id/payments': 'payments.ofContract',
  'POST /api/contracts/:id/payments/:stage/request': 'payments.request',
  // Issue 38: change orders.
  'POST /api/contracts/:id/change-orders': 'changeOrders.create',
  'GET /api/contracts/:id/change-orders': 'changeOrders.list',
  'GET /api/change-orders/:id': 'changeOrders.get',
  'PUT /api/change-orders/:id': 'changeOrders.update',
  'DELETE /api/change-orders/:id': 'changeOrders.delete',
  'POST /api/change-orders/:id/sign-mine': 'changeOrders.signMine',
  'POST /api/change-orders/:id/send': 'changeOrders.send',
  'POST /api/change-orders/:id/void': 'changeOrders.void',
  'POST /api/contracts/:id/payments/:stage/record': 'payments.record',
  'POST /api/contracts/:id/payments/:stage/undo': 'payments.undo',
  'GET /api/acceptances': 'acceptances.status',
  'POST /api/acceptances': 'acceptances.accept',
  'GET /api/prefs': 'prefs.get',
  'PUT /api/prefs': 'prefs.update',
  'GET /api/templates': 'templates.list',
  'POST /api/templates': 'templates.create',
  'GET /api/templates/default': 'templates.default',
  'POST /api/templates/standard': 'templates.addStandard',
  'GET /api/templates/:id': 'templates.get',
  'PUT /api/templates/:id': 'templates.update',
  'DELETE /api/templates/:id': 'templates.delete',
  'POST /api/templates/:id/set-default': 'templates.setDefault',
  'POST /api/scope/clean': 'scope.clean',
  'GET /api/contracts': 'contracts.list',
  'POST /api/contracts': 'contracts.create',
  'GET /api/contracts/:id': 'contracts.get',
  'PUT /api/contracts/:id': 'contracts.update',
  'GET /api/contracts/:id/timeline': 'contracts.timeline',
  'POST /api/contracts/:id/send': 'contracts.send',
  'POST /api/contracts/:id/sign-mine': 'contracts.signMine',
  'POST /api/contracts/:id/copy': 'contracts.copy',
  'GET /api/contracts/:id/executed-copy': 'documents.executedCopy',
  'POST /api/contracts/:id/executed-copy/retry': 'documents.retryExecutedCopy',
  'POST /api/contracts/:id/remind': 'followUp.remind',
  'POST /api/contracts/:id/extend': 'followUp.extend',
  'GET /api/contracts/:id/next-client-email': 'followUp.nextClientEmail',
  'POST /api/contracts/:id/void': 'followUp.void',
  'POST /api/contracts/:id/revise': 'followUp.revise',
  'GET /api/keys': 'apiKeys.list',
  'POST /api/keys': 'apiKeys.create',
  'DELETE /api/keys/:id': 'apiKeys.revoke',
  'GET /api/webhooks': 'webhooks.list',
  'POST /api/webhooks': 'webhooks.create',
  'DELETE /api/webhooks/:id': 'webhooks.delete',
  'POST /api/webhooks/:id/rotate-secret': 'webhooks.rotateSecret',
  'GET /api/webhooks/:id/deliveries': 'webhooks.deliveries',
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': 'webhooks.redeliver',
};

const ONE_SIDED: Record<string, string> = {
  'POST /api/prefs/logo': 'a multipart file upload; tRPC here speaks JSON only',
  'GET /api/contracts/:id/executed.pdf': 'a file download, linked from the screen',
  'GET /api/esign/:token/pdf': 'a file download for the homeowner, linked from the signing page',
  'GET /api/esign/:token':
    'the public signing page never loads the tRPC client (docs/decisions/015)',
  'POST /api/esign/:token':
    'the public signing page never loads the tRPC client (docs/decisions/015)',
  'GET /api/esign/:token/executed.pdf': 'a file download for the homeowner',
  'POST /api/esign/:token/pay':
    'the public signing page never loads the tRPC client (docs/decisions/015)',
  'POST /api/esign/:token/decline':
    'the public signing page never loads the tRPC client (docs/decisions/015)',
  'POST /api/payments/stripe/:hookId': "Stripe's events, called by Stripe, never by our app",
  // Issue 36, later stages.
  'POST /api/pay/:token':
    'the public payment page is HTML and a form; it never loads the tRPC client (docs/decisions/015)',
  'GET /api/verify/:sha256': 'the public verification page never loads the tRPC client',
  'GET /api/openapi.json': "the REST facade's own description (issue 19)",
  'prefs.completeOnboarding': 'the onboarding form: PUT /api/prefs with stricter required fields',
  'contracts.page': 'the contracts screen pages its sections; GET /api/contracts lists all',
  'contracts.counts': 'the section headings of the contracts screen; GET /api/contracts lists all',
  'contracts.search':
    "the contracts screen's search, a page at a time; GET /api/contracts?q=&status= lists every match",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * REST calls: every /api route, HEAD left out (Fastify adds it to each GET), and the reference
 * page's files under /api/docs, which are a page, not calls.
 */
function restCalls(): string[] {
  return registeredRoutes(t.app)
    .filter(
      ({ method, url }) =>
        url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX) && method !== 'HEAD',
    )
    .map(({ method, url }) => `${method} ${url}`);
}

const procedures = () => Object.keys(appRouter._def.procedures);

describe('REST and tRPC twins', () => {
  it('sees the routes and procedures it checks', () => {
    expect(restCalls()).toContain('POST /api/contracts/:id/send');
    expect(procedures()).toContain('contracts.send');
  });

  it('gives every REST call a tRPC twin, or a reason for having none', () => {
    const lonely = restCalls().filter((call) => !TWINS[call] && !ONE_SIDED[call]);
    expect(lonely).toEqual([]);
    const stale = [...Object.keys(TWINS), ...Object.keys(ONE_SIDED)].filter(
      (call) => call.includes(' ') && !restCalls().includes(call),
    );
    expect(stale).toEqual([]);
  });

  it('gives every tRPC procedure a REST twin, or a reason for having none', () => {
    const twinned = new Set(Object.values(TWINS));
    const lonely = procedures().filter((name) => !twinned.has(name) && !ONE_SIDED[name]);
    expect(lonely).toEqual([]);
    const missing = [...twinned].filter((name) => !procedures().includes(name));
    expect(missing).toEqual([]);
  });
});
