import { acceptancesRouter } from '../features/acceptances/acceptances.router.js';
import { apiKeysRouter } from '../features/api-keys/api-keys.router.js';
import { authRouter } from '../features/auth/auth.router.js';
import { contractsRouter } from '../features/contracts/contracts.router.js';
import { documentsRouter } from '../features/documents/documents.router.js';
import { followUpRouter } from '../features/follow-up/follow-up.router.js';
import { prefsRouter } from '../features/prefs/prefs.router.js';
import { scopeRouter } from '../features/scope/scope.router.js';
import { templatesRouter } from '../features/templates/templates.router.js';
import { webhooksRouter } from '../features/webhooks/webhooks.router.js';
// Issue 35: the team.
import { teamRouter } from '../features/team/team.router.js';
// Issue 36: getting paid.
import { paymentsRouter } from '../features/payments/payments.router.js';
// Issue 36, later stages: "Request payment" joins payments.* (payments.request).
import { paymentRequestsRouter } from '../features/payment-requests/payment-requests.router.js';
import { sendingRouter } from '../features/sending/send.router.js';
// Issue 38: change orders.
import { changeOrdersRouter } from '../features/change-orders/change-orders.router.js';
import { mergeRouters, router } from '../trpc/init.js';

export const appRouter = router({
  auth: authRouter,
  prefs: prefsRouter,
  templates: templatesRouter,
  acceptances: acceptancesRouter,
  scope: scopeRouter,
  contracts: mergeRouters(contractsRouter, sendingRouter),
  documents: documentsRouter,
  followUp: followUpRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  team: teamRouter,
  payments: mergeRouters(paymentsRouter, paymentRequestsRouter),
  changeOrders: changeOrdersRouter,
});

/** The web app imports this type only. */
export type AppRouter = typeof appRouter;
