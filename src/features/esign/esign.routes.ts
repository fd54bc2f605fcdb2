import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  esignAnswerSchema,
  esignSignInputSchema,
  esignSignResultSchema,
} from '../../domain/esign.schemas.js';
import { declineInputSchema, declineResultSchema } from '../../domain/follow-up.schemas.js';
import { declineAsClient } from './decline.service.js';
import { ESIGN_CONSENT_VERSION } from '../../domain/esign-consent.js';
import { signAsClient, viewSigningPage } from './esign.service.js';
import { requestClient } from '../sessions/request-context.js';
import type { AppDeps } from '../../trpc/context.js';
import { describeRoute } from '../../rest/api-schema.js';

export const signingTokenParams = z.object({
  token: z.string().max(100).meta({ description: "The token of the client's signing link." }),
});

const signingRoute = {
  tag: 'Signing (public)',
  caller: 'public',
  params: signingTokenParams,
  errors: [404, 409],
} as const;

/** The homeowner's calls: public, by token only, never cached or referred. */
export function registerEsignRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const privateAnswer = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  api.get(
    '/api/esign/:token',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'The contract behind a signing link',
        description: 'Records the view. 404 for an unknown, expired, voided or replaced link.',
        success: { 200: esignAnswerSchema },
      }),
    },
    async (request, reply) => {
      privateAnswer(reply);
      return viewSigningPage(deps, request.params.token, requestClient(request));
    },
  );

  api.post(
    '/api/esign/:token',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'Sign as the client',
        description:
          'After consenting to sign electronically. 409 once signed, declined or voided.',
        body: esignSignInputSchema,
        success: { 200: esignSignResultSchema },
      }),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const input = request.body;
      return signAsClient(
        deps.db,
        deps.config,
        request.params.token,
        {
          signature: input.signature,
          consentVersion: input.consent_version ?? ESIGN_CONSENT_VERSION,
          consentLanguage: input.consent_language,
          timeZone: input.time_zone ?? null,
        },
        requestClient(request),
        { sealedPdf: deps.pdfAvailable, mailSealer: deps.mailSealer, clock: deps.clock },
      );
    },
  );

  api.post(
    '/api/esign/:token/decline',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'Decline to sign, with a reason',
        body: declineInputSchema,
        success: { 200: declineResultSchema },
      }),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { token } = request.params;
      return declineAsClient(deps, token, request.body.reason, requestClient(request));
    },
  );
}
