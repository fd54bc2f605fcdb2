import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTemplateInputSchema,
  defaultTemplateInputSchema,
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
  getTemplateForLanguage,
  listTemplates,
  setDefaultTemplate,
  updateTemplate,
  addStandardContract,
} from './templates.service.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

const params = z.object({ id: templateIdSchema });
const templateRoute = { tag: 'Templates', caller: 'contractor' } as const;

/** The template calls. Another company's template is a 404 everywhere. */
export function registerTemplateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);
  const company = (request: Parameters<typeof contractorOf>[0]) =>
    contractorOf(request).user.companyId;
  const person = (request: Parameters<typeof contractorOf>[0]) => contractorOf(request).user;

  api.get(
    '/api/templates',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'List templates',
        success: { 200: z.array(templateSummarySchema) },
      }),
    },
    async (request) => listTemplates(deps.db, company(request)),
  );

  // Registered before /:id so "default" is never read as an id.
  api.get(
    '/api/templates/default',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'The default template',
        description:
          "With `language`, the template a contract in that language is sent with: the default's shipped twin in that language when the account has it, else the default.",
        querystring: defaultTemplateInputSchema,
        success: { 200: templateSchema },
        errors: [404],
      }),
    },
    async (request) =>
      request.query.language
        ? getTemplateForLanguage(deps.db, company(request), request.query.language)
        : getDefaultTemplate(deps.db, company(request)),
  );

  api.get(
    '/api/templates/:id',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'One template',
        params,
        success: { 200: templateSchema },
        errors: [404],
      }),
    },
    async (request) => getTemplate(deps.db, company(request), request.params.id),
  );

  api.post(
    '/api/templates',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'Create a template',
        body: createTemplateInputSchema,
        success: { 201: templateSchema },
        errors: [403, 413],
      }),
    },
    async (request, reply) => {
      const template = await createTemplate(deps.db, person(request), request.body, deps.renderer);
      return reply.code(201).send(template);
    },
  );

  // Not in the spec's table: brings the shipped Standard Contract back into an account without it.
  api.post(
    '/api/templates/standard',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'Add the shipped Standard Contract back',
        success: { 201: templateSchema },
        errors: [409],
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await addStandardContract(deps.db, person(request))),
  );

  api.put(
    '/api/templates/:id',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'Change a template',
        params,
        body: templateInputSchema,
        success: { 200: templateSchema },
        errors: [403, 404, 413],
      }),
    },
    async (request) =>
      updateTemplate(deps.db, person(request), request.params.id, request.body, deps.renderer),
  );

  api.delete(
    '/api/templates/:id',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'Delete a template',
        description:
          'The default template cannot be deleted (409): make another the default first. A member may delete only the templates they wrote (403 names who can).',
        params,
        success: { 200: doneAnswerSchema },
        errors: [404, 409],
      }),
    },
    async (request) => {
      await deleteTemplate(deps.db, contractorOf(request).user, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/templates/:id/set-default',
    {
      preValidation,
      schema: describeRoute({
        ...templateRoute,
        summary: 'Make a template the default',
        params,
        success: { 200: templateSchema },
        errors: [403, 404],
      }),
    },
    async (request) => setDefaultTemplate(deps.db, person(request), request.params.id),
  );
}
