import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { requestLanguage } from '../sessions/request-context.js';
import { cancelInvite, getTeam, invite } from './invites.service.js';
import { acceptInvite, checkInvite, joinByInvite } from './join.service.js';
import { changeRole, removeMember, setMyName } from './members.service.js';
import { answerJoined } from './team-answers.js';
import {
  inviteInputSchema,
  joinCheckInputSchema,
  joinInputSchema,
  myNameInputSchema,
  teamIdSchema,
  teamRoleSchema,
} from './team.schemas.js';

const idInput = z.object({ id: teamIdSchema });

/** The tRPC twins of /api/team (issue 35), for Settings → Team and the join page. */
export const teamRouter = router({
  get: authedProcedure.query(({ ctx }) => getTeam(ctx.db, ctx.user, ctx.clock())),
  invite: authedProcedure
    .input(inviteInputSchema)
    .mutation(({ ctx, input }) => invite(ctx, ctx.session, input, ctx.client)),
  cancelInvite: authedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await cancelInvite(ctx, ctx.session, input.id, ctx.client);
    return { ok: true as const };
  }),
  checkJoin: publicProcedure
    .input(joinCheckInputSchema)
    .mutation(({ ctx, input }) => checkInvite(ctx.db, input.token, ctx.clock())),
  join: publicProcedure.input(joinInputSchema).mutation(async ({ ctx, input }) => {
    const joined = await joinByInvite(ctx, input, {
      client: ctx.client,
      language: requestLanguage(ctx.req),
    });
    return answerJoined(ctx.res, ctx.config, joined);
  }),
  accept: authedProcedure.input(joinCheckInputSchema).mutation(async ({ ctx, input }) => {
    await acceptInvite(ctx, ctx.session, input.token, ctx.client);
    return { ok: true as const };
  }),
  changeRole: authedProcedure
    .input(idInput.extend({ role: teamRoleSchema }))
    .mutation(async ({ ctx, input }) => {
      await changeRole(ctx, ctx.session, input.id, input.role, ctx.client);
      return { ok: true as const };
    }),
  setMyName: authedProcedure
    .input(myNameInputSchema)
    .mutation(({ ctx, input }) => setMyName(ctx.db, ctx.session, input.name)),
  remove: authedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await removeMember(ctx, ctx.session, input.id, ctx.client);
    return { ok: true as const };
  }),
});
