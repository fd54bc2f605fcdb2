import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { extendInputSchema, voidInputSchema } from '../../domain/follow-up.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { extendSigning } from './extend.service.js';
import { nextClientEmail } from './next-client-email.js';
import { remindClient } from './reminders.service.js';
import { reviseContract } from './revise.service.js';
import { voidContract } from './void.service.js';

const byId = z.object({ id: contractIdSchema });

/** The tRPC twins of follow-up.routes.ts: the path's id joins the body. */
export const followUpRouter = router({
  remind: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => remindClient(ctx, ctx.user.companyId, input.id, ctx.actor)),
  nextClientEmail: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => nextClientEmail(ctx, ctx.user.companyId, input.id)),
  extend: authedProcedure
    .input(byId.extend(extendInputSchema.shape))
    .mutation(({ ctx, input }) =>
      extendSigning(ctx, ctx.user.companyId, input.id, input.days, ctx.actor),
    ),
  void: authedProcedure
    .input(byId.extend(voidInputSchema.shape))
    .mutation(({ ctx, input }) =>
      voidContract(ctx, ctx.user.companyId, input.id, input.reason, ctx.actor),
    ),
  revise: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => reviseContract(ctx, ctx.user, input.id, ctx.actor)),
});
