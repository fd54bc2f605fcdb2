import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { describeValidationError } from '../domain/validation-messages.js';
import { AppError, appErrorCodes, INTERNAL_ERROR_MESSAGE } from '../lib/app-error.js';
import { actorOf } from '../lib/request-client.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // Field-level text for bad input; nothing internal ever leaves on a 500.
    const message =
      error.cause instanceof ZodError
        ? describeValidationError(error.cause)
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? INTERNAL_ERROR_MESSAGE
          : shape.message;
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message, data };
  },
});

/** Services throw AppError; this turns it into the matching tRPC error (one code table). */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const appError = result.error.cause;
    if (appError.retryAfterSeconds) {
      ctx.res.header('retry-after', String(appError.retryAfterSeconds));
    }
    throw new TRPCError({
      code: appErrorCodes[appError.code].trpc,
      message: appError.message,
      cause: appError,
    });
  }
  return result;
});

export const router = t.router;
/** One namespace from several features' routers (`contracts.*`: the contract's own and sending). */
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure.use(appErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in' });
  const user = ctx.session.user;
  return next({ ctx: { ...ctx, session: ctx.session, user, actor: actorOf(user, ctx.client) } });
});
