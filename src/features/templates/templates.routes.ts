import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createTemplateInputSchema,
  templateIdSchema,
  templateInputSchema,
  templateSchema,
  templateSummarySchema,
} from '../../domain/templates.schemas.js';
import {
  createTemplate,
  deleteTemplate,
  getDefaultTemplate,
  getTemplate,
  listTemplates,
  setDefaultTemplate,
  updateTemplate,
  addStandardContract,
} from './templates.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

const idParams = z.object({ id: templateIdSchema });

/** The template calls. Another account's template is a 404 everywhere. */
export function registerTemplateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const one = { response: { 200: responseSchema(templateSchema) } };
  const created = { response: { 201: responseSchema(templateSchema) } };
  const many = { response: { 200: responseSchema(z.array(templateSummarySchema)) } };

  app.get('/api/templates', { schema: many }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    return listTemplates(deps.db, session.user.id);
  });

  // Registered before /:id so "default" is never read as an id.
  app.get('/api/templates/default', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    return getDefaultTemplate(deps.db, session.user.id);
  });

  app.get('/api/templates/:id', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    return getTemplate(deps.db, session.user.id, id);
  });

  app.post('/api/templates', { schema: created }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const input = parseInput(createTemplateInputSchema, request.body);
    const template = await createTemplate(deps.db, session.user.id, input, deps.renderer);
    return reply.code(201).send(template);
  });

  // Not in the spec's table: brings the shipped Standard Contract back into an account without it.
  app.post('/api/templates/standard', { schema: created }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    return reply.code(201).send(await addStandardContract(deps.db, session.user.id));
  });

  app.put('/api/templates/:id', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(templateInputSchema, request.body);
    return updateTemplate(deps.db, session.user.id, id, input, deps.renderer);
  });

  app.delete('/api/templates/:id', async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    await deleteTemplate(deps.db, session.user.id, id);
    return { ok: true };
  });

  app.post('/api/templates/:id/set-default', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    return setDefaultTemplate(deps.db, session.user.id, id);
  });
}
