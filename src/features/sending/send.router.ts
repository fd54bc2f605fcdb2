import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { sendInputSchema } from '../../domain/send.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { sendToClient } from './send.service.js';

const byId = z.object({ id: contractIdSchema });

/** `contracts.send`, the twin of POST /api/contracts/:id/send, merged into `contracts.*`. */
export const sendingRouter = router({
  send: authedProcedure
    .input(byId.extend(sendInputSchema.shape))
    .mutation(({ ctx, input }) =>
      sendToClient(ctx, ctx.user, input.id, { client_data: input.client_data }, ctx.actor),
    ),
});
