import { z } from 'zod';
import {
  createTemplateInputSchema,
  defaultTemplateInputSchema,
  templateIdSchema,
  templateInputSchema,
} from '../../domain/templates.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  addStandardContract,
  createTemplate,
  deleteTemplate,
  getDefaultTemplate,
  getTemplate,
  getTemplateForLanguage,
  listTemplates,
  setDefaultTemplate,
  updateTemplate,
} from './templates.service.js';

const byId = z.object({ id: templateIdSchema });

export const templatesRouter = router({
  list: authedProcedure.query(({ ctx }) => listTemplates(ctx.db, ctx.user.companyId)),
  default: authedProcedure
    .input(defaultTemplateInputSchema.optional())
    .query(({ ctx, input }) =>
      input?.language
        ? getTemplateForLanguage(ctx.db, ctx.user.companyId, input.language)
        : getDefaultTemplate(ctx.db, ctx.user.companyId),
    ),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getTemplate(ctx.db, ctx.user.companyId, input.id)),
  create: authedProcedure
    .input(createTemplateInputSchema)
    .mutation(({ ctx, input }) => createTemplate(ctx.db, ctx.user, input, ctx.renderer)),
  update: authedProcedure
    .input(byId.extend(templateInputSchema.shape))
    .mutation(({ ctx, input }) => updateTemplate(ctx.db, ctx.user, input.id, input, ctx.renderer)),
  delete: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteTemplate(ctx.db, ctx.user, input.id);
    return { ok: true };
  }),
  addStandard: authedProcedure.mutation(({ ctx }) => addStandardContract(ctx.db, ctx.user)),
  setDefault: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => setDefaultTemplate(ctx.db, ctx.user, input.id)),
});
