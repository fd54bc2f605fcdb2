import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeOrderIdSchema,
  changeOrderSignMineInputSchema,
  changeOrderInputSchema,
  changeOrderSchema,
  changeOrderUpdateSchema,
} from '../../domain/change-orders.schemas.js';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { voidInputSchema, voidResultSchema } from '../../domain/follow-up.schemas.js';
import { sendChangeOrder, signChangeOrder, voidChangeOrder } from './change-order-send.service.js';
import {
  createChangeOrder,
  deleteChangeOrder,
  getChangeOrder,
  listChangeOrders,
  updateChangeOrder,
} from './change-orders.service.js';

const MONEY =
  'The answer carries the lines of AIA G701 (original contract sum, net change by earlier change orders, sum before, this change, new sum), the contract time before and after (net days), and the payment stages before and after: paid stages never change; a lower price is taken off the unpaid stages; the total never falls below what was paid.';

/** Change orders (issue 38): signed changes to a signed contract, written as drafts first. */
export function registerChangeOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);
  const route = { tag: 'Change orders', caller: 'contractor' } as const;
  const contractParams = z.object({ id: contractIdSchema });
  const params = z.object({ id: changeOrderIdSchema });

  api.post(
    '/api/contracts/:id/change-orders',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Write a change order (a draft)',
        description: `A draft change order to a signed or completed contract, numbered in its line ("Change Order 2 to Contract #12"). ${MONEY} 400 when the change would bring the total below what was paid, or takes off more than the unpaid stages hold; 409 for a contract not signed.`,
        params: contractParams,
        body: changeOrderInputSchema,
        success: { 200: changeOrderSchema },
        errors: [400, 404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return createChangeOrder(deps, session.user, request.params.id, request.body, session.actor);
    },
  );

  api.get(
    '/api/contracts/:id/change-orders',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: "A contract's change orders",
        description: `Every change order of the contract, in order. A draft's money is reckoned against the contract as it stands now, with \`problem\` saying why it could not be sent as it is; a sent one's is as it was sent.`,
        params: contractParams,
        success: { 200: z.array(changeOrderSchema) },
        errors: [404],
      }),
    },
    async (request) => listChangeOrders(deps, contractorOf(request).user, request.params.id),
  );

  api.get(
    '/api/change-orders/:id',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'A change order',
        description: MONEY,
        params,
        success: { 200: changeOrderSchema },
        errors: [404],
      }),
    },
    async (request) => getChangeOrder(deps, contractorOf(request).user, request.params.id),
  );

  api.put(
    '/api/change-orders/:id',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Change a draft change order',
        description:
          'Each field left out keeps what was saved. A change the money refuses is a 400 and saves nothing; a sent change order is a 409.',
        params,
        body: changeOrderUpdateSchema,
        success: { 200: changeOrderSchema },
        errors: [400, 404, 409],
      }),
    },
    async (request) =>
      updateChangeOrder(deps, contractorOf(request).user, request.params.id, request.body),
  );

  api.delete(
    '/api/change-orders/:id',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Delete a draft change order',
        description: 'Drafts only: a sent change order is withdrawn instead (409).',
        params,
        success: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
        errors: [404, 409],
      }),
    },
    async (request) => deleteChangeOrder(deps, contractorOf(request).user, request.params.id),
  );

  api.post(
    '/api/change-orders/:id/sign-mine',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Sign a draft change order as the contractor',
        description:
          'The signature is a PNG data URL of the drawn signature. Changing the draft afterwards clears it.',
        params,
        body: changeOrderSignMineInputSchema,
        success: { 200: changeOrderSchema },
        errors: [400, 404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return signChangeOrder(
        deps,
        session.user,
        request.params.id,
        request.body.signature,
        session.actor,
      );
    },
  );

  api.post(
    '/api/change-orders/:id/send',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Send a signed change order to the signers of its contract',
        description:
          "Freezes the Change Order document and its G701 money, makes the change order's total the new sum, and emails each signer of the contract a signing link, in the contract's signing order. 400 when the draft cannot go as it stands (its `problem`); 409 when the contractor has not signed it or the contract is no longer signed.",
        params,
        success: { 200: changeOrderSchema },
        errors: [400, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return sendChangeOrder(deps, session.user, request.params.id, session.actor);
    },
  );

  api.post(
    '/api/change-orders/:id/void',
    {
      preValidation,
      schema: describeRoute({
        ...route,
        summary: 'Withdraw a sent change order',
        description:
          'Every signing link of the change order stops at once and every signer who was sent one is emailed the reason; the contract stays as it was. 409 once it is signed, declined or withdrawn.',
        params,
        body: voidInputSchema,
        success: { 200: voidResultSchema },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return voidChangeOrder(
        deps,
        session.user,
        request.params.id,
        request.body.reason,
        session.actor,
      );
    },
  );
}
