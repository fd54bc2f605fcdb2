import { z } from 'zod';
import {
  changeOrderIdSchema,
  changeOrderSignMineInputSchema,
  changeOrderInputSchema,
  changeOrderUpdateSchema,
} from '../../domain/change-orders.schemas.js';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  createChangeOrder,
  deleteChangeOrder,
  getChangeOrder,
  listChangeOrders,
  updateChangeOrder,
} from './change-orders.service.js';

import { voidInputSchema } from '../../domain/follow-up.schemas.js';
import { sendChangeOrder, signChangeOrder, voidChangeOrder } from './change-order-send.service.js';

/** The tRPC twins of the change order routes (issue 38). */
export const changeOrdersRouter = router({
  create: authedProcedure
    .input(z.object({ contractId: contractIdSchema, changeOrder: changeOrderInputSchema }))
    .mutation(({ ctx, input }) =>
      createChangeOrder(ctx, ctx.user, input.contractId, input.changeOrder, ctx.actor),
    ),
  list: authedProcedure
    .input(z.object({ contractId: contractIdSchema }))
    .query(({ ctx, input }) => listChangeOrders(ctx, ctx.user, input.contractId)),
  get: authedProcedure
    .input(z.object({ id: changeOrderIdSchema }))
    .query(({ ctx, input }) => getChangeOrder(ctx, ctx.user, input.id)),
  update: authedProcedure
    .input(z.object({ id: changeOrderIdSchema, changes: changeOrderUpdateSchema }))
    .mutation(({ ctx, input }) => updateChangeOrder(ctx, ctx.user, input.id, input.changes)),
  delete: authedProcedure
    .input(z.object({ id: changeOrderIdSchema }))
    .mutation(({ ctx, input }) => deleteChangeOrder(ctx, ctx.user, input.id)),
  signMine: authedProcedure
    .input(z.object({ id: changeOrderIdSchema }).extend(changeOrderSignMineInputSchema.shape))
    .mutation(({ ctx, input }) =>
      signChangeOrder(ctx, ctx.user, input.id, input.signature, ctx.actor),
    ),
  send: authedProcedure
    .input(z.object({ id: changeOrderIdSchema }))
    .mutation(({ ctx, input }) => sendChangeOrder(ctx, ctx.user, input.id, ctx.actor)),
  void: authedProcedure
    .input(z.object({ id: changeOrderIdSchema }).extend(voidInputSchema.shape))
    .mutation(({ ctx, input }) =>
      voidChangeOrder(ctx, ctx.user, input.id, input.reason, ctx.actor),
    ),
});
