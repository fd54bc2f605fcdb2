import { z } from 'zod';
import {
  contractCountsInputSchema,
  contractPageInputSchema,
} from '../../domain/contract-list.schemas.js';
import {
  contractFilterSchema,
  contractSearchInputSchema,
} from '../../domain/contract-search.schemas.js';
import {
  contractCreateInputSchema,
  contractIdSchema,
  contractUpdateInputSchema,
  signMineInputSchema,
} from '../../domain/contracts.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  countContracts,
  listContractPage,
  listContracts,
  searchContractPage,
  listScopeOf,
} from './contract-list.service.js';
import {
  copyContract,
  createDraft,
  readContract,
  getContractTimeline,
  signAsContractor,
  updateDraft,
} from './contracts.service.js';

const byId = z.object({ id: contractIdSchema });

export const contractsRouter = router({
  list: authedProcedure
    .input(contractFilterSchema.optional())
    .query(({ ctx, input }) =>
      listContracts(
        ctx.db,
        listScopeOf(ctx.user, input?.mine, input?.payment_due),
        ctx.clock(),
        input,
        ctx.session.databaseVersion,
      ),
    ),
  /** The contracts screen: one section, one page at a time (docs/decisions/011). */
  page: authedProcedure
    .input(contractPageInputSchema)
    .query(({ ctx, input }) =>
      listContractPage(
        ctx.db,
        listScopeOf(ctx.user, input.mine, input.payment_due),
        input,
        ctx.clock(),
        ctx.session.databaseVersion,
      ),
    ),
  /** The contracts screen's search box and status filter: matches a page at a time. */
  search: authedProcedure
    .input(contractSearchInputSchema)
    .query(({ ctx, input }) =>
      searchContractPage(
        ctx.db,
        listScopeOf(ctx.user, input.mine, input.payment_due),
        input,
        ctx.clock(),
        ctx.session.databaseVersion,
      ),
    ),
  counts: authedProcedure
    .input(contractCountsInputSchema)
    .query(({ ctx, input }) =>
      countContracts(
        ctx.db,
        listScopeOf(ctx.user, input?.mine, input?.payment_due),
        ctx.clock(),
        ctx.session.databaseVersion,
      ),
    ),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => readContract(ctx.db, ctx.user.companyId, input.id, ctx.clock())),
  timeline: authedProcedure
    .input(byId)
    .query(({ ctx, input }) =>
      getContractTimeline(ctx.db, ctx.user.companyId, input.id, ctx.clock()),
    ),
  /** The same contract again when its `client_draft_id` was sent before (issue 40). */
  create: authedProcedure.input(contractCreateInputSchema).mutation(async ({ ctx, input }) => {
    const { contract } = await createDraft(ctx.db, ctx.user, input, ctx.actor, ctx.clock);
    return contract;
  }),
  copy: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => copyContract(ctx.db, ctx.user, input.id, ctx.actor, ctx.clock)),
  update: authedProcedure
    // The REST twin's body plus the id it takes from the path (as templates.update).
    .input(byId.extend(contractUpdateInputSchema.shape))
    .mutation(({ ctx, input: { id, ...draft } }) =>
      updateDraft(ctx.db, ctx.user.companyId, id, draft, ctx.actor, ctx.clock),
    ),
  signMine: authedProcedure
    .input(byId.extend(signMineInputSchema.shape))
    .mutation(({ ctx, input }) =>
      signAsContractor(ctx.db, ctx.user.companyId, input.id, input.signature, ctx.actor, ctx.clock),
    ),
});
