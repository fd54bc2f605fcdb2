import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { parseInput, responseSchema } from '../../rest/rest-helpers.js';

const tokenParams = z.object({ token: z.string().max(100) });

/** The homeowner's calls: public, by token only, never cached or referred. */
export function registerEsignRoutes(app: FastifyInstance, deps: AppDeps): void {
  const privateAnswer = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get(
    '/api/esign/:token',
    { schema: { response: { 200: responseSchema(esignAnswerSchema) } } },
    async (request, reply) => {
      privateAnswer(reply);
      const { token } = parseInput(tokenParams, request.params);
      return viewSigningPage(deps, token, requestClient(request));
    },
  );

  app.post(
    '/api/esign/:token',
    { schema: { response: { 200: responseSchema(esignSignResultSchema) } } },
    async (request, reply) => {
      privateAnswer(reply);
      const { token } = parseInput(tokenParams, request.params);
      const input = parseInput(esignSignInputSchema, request.body);
      return signAsClient(
        deps.db,
        deps.config,
        token,
        {
          signature: input.signature,
          consentVersion: input.consent_version ?? ESIGN_CONSENT_VERSION,
          timeZone: input.time_zone ?? null,
        },
        requestClient(request),
        { sealedPdf: deps.pdfAvailable, mailSealer: deps.mailSealer, clock: deps.clock },
      );
    },
  );

  app.post(
    '/api/esign/:token/decline',
    { schema: { response: { 200: responseSchema(declineResultSchema) } } },
    async (request, reply) => {
      privateAnswer(reply);
      const { token } = parseInput(tokenParams, request.params);
      const { reason } = parseInput(declineInputSchema, request.body);
      return declineAsClient(deps, token, reason, requestClient(request));
    },
  );
}
