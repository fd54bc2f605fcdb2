import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  esignAnswerSchema,
  esignDeclineInputSchema,
  esignDeclineInputSchemaIn,
  esignPayAnswerSchema,
  esignSignInputSchema,
  esignSignInputSchemaIn,
  esignSignResultSchema,
} from '../../domain/esign.schemas.js';
import { declineResultSchema } from '../../domain/follow-up.schemas.js';
import { isLanguage, type Language } from '../../domain/i18n/languages.js';
import { describeValidationError } from '../../domain/validation-messages.js';
import { AppError } from '../../lib/app-error.js';
import { declineAsClient } from './decline.service.js';
import { payDepositByLink } from './deposit-payment.js';
import { CONSENT_CHANGED, SIGNING_REFUSAL_HEADER } from '../../domain/signing-island.js';
import { ConsentChangedError } from './consent.js';
import { signAsClient, viewSigningPage } from './esign.service.js';
import { requestClient } from '../sessions/request-context.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { sameAsEqualAnswer, sendReusedJson } from '../../lib/reused-answer.js';
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

/**
 * A body the documented schema refused, refused again in the signing page's language (issue
 * 32): the page sends it (`consent_language` with a signature, `language` with a decline). The
 * routes take `attachValidation` so they get here instead of the English 400.
 */
function refuseInPageLanguage(
  request: FastifyRequest,
  languageField: 'consent_language' | 'language',
  schemaIn: (language: Language) => z.ZodType,
): void {
  if (!request.validationError) return;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const requested = body[languageField];
  const parsed = schemaIn(isLanguage(requested) ? requested : 'en').safeParse(body);
  throw new AppError(
    'BAD_REQUEST',
    parsed.success ? request.validationError.message : describeValidationError(parsed.error),
  );
}

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
      const answer = await viewSigningPage(deps, request.params.token, requestClient(request));
      // A link read again while nothing changed sends the bytes it sent before (issue 33).
      return sendReusedJson(request, reply, sameAsEqualAnswer(answer.id, answer));
    },
  );

  api.post(
    '/api/esign/:token',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'Sign as the client',
        description:
          'With the name the signer typed, after they read the ESIGN notice and consented to ' +
          'sign electronically. 400 for an unknown notice version or a language other than the ' +
          "contract's, 409 once signed, declined or voided, or when the notice changed since it " +
          'was shown (read it again). Refusals come in `consent_language`.',
        body: esignSignInputSchema,
        success: { 200: esignSignResultSchema },
      }),
      attachValidation: true,
    },
    async (request, reply) => {
      privateAnswer(reply);
      refuseInPageLanguage(request, 'consent_language', esignSignInputSchemaIn);
      const input = request.body;
      try {
        return await signAsClient(
          deps.db,
          deps.config,
          request.params.token,
          {
            signature: input.signature,
            signerName: input.signer_name,
            consent: {
              version: input.consent_version,
              language: input.consent_language,
              sha256: input.consent_sha256,
            },
            timeZone: input.time_zone ?? null,
          },
          requestClient(request),
          { sealedPdf: deps.pdfAvailable, mailSealer: deps.mailSealer, clock: deps.clock },
        );
      } catch (error) {
        // The page then asks for a reload instead of reloading on its own.
        if (error instanceof ConsentChangedError)
          reply.header(SIGNING_REFUSAL_HEADER, CONSENT_CHANGED);
        throw error;
      }
    },
  );

  api.post(
    '/api/esign/:token/decline',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'Decline to sign, with a reason',
        description: "A refused reason is explained in `language`, the signing page's.",
        body: esignDeclineInputSchema,
        success: { 200: declineResultSchema },
      }),
      attachValidation: true,
    },
    async (request, reply) => {
      privateAnswer(reply);
      refuseInPageLanguage(request, 'language', esignDeclineInputSchemaIn);
      const { token } = request.params;
      return declineAsClient(deps, token, request.body.reason, requestClient(request));
    },
  );

  api.post(
    '/api/esign/:token/pay',
    {
      schema: describeRoute({
        ...signingRoute,
        summary: 'Pay the deposit due at signing',
        description:
          "After the client signed: a Stripe Checkout Session for the deposit (`payment_due`), in the contractor's Stripe account. A second call while it is open answers the same page. 409 before signing, once paid, or when the contractor takes no online payment; 502 when Stripe cannot be reached. The payment is recorded from Stripe's signed event, never from the browser's return.",
        success: { 200: esignPayAnswerSchema },
        errors: [404, 409, 502],
      }),
    },
    async (request, reply) => {
      privateAnswer(reply);
      return payDepositByLink(deps, request.params.token, requestClient(request));
    },
  );
}
