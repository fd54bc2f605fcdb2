import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { receiveStripeEvent } from './stripe-events.service.js';

const hookParams = z.object({
  hookId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Unknown payment webhook'),
});
const receivedSchema = z.object({ received: z.literal(true) });

/**
 * POST /api/payments/stripe/:hookId: where a company's Stripe account sends its events (issue
 * 36). Its own scope reads the body as text, byte for byte, because Stripe's signature is over
 * the exact bytes sent; every other route keeps the JSON parser.
 */
export function registerStripeEventRoute(app: FastifyInstance, deps: AppDeps): void {
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/stripe/:hookId',
      {
        config: { signedByCaller: true },
        schema: describeRoute({
          tag: 'Payments',
          summary: "Stripe's events for one company",
          description:
            "Stripe calls it, signed with the company's webhook signing secret (Stripe-Signature). 400 when the signature does not match (nothing changes); 404 for an unknown URL. Each event is processed once; an event that does not match one of the company's Checkout Sessions (its company, contract, stage, amount or currency) is acknowledged and changes nothing.",
          caller: 'public',
          params: hookParams,
          success: { 200: receivedSchema },
          errors: [404],
        }),
      },
      async (request) => {
        const result = await receiveStripeEvent(
          deps,
          request.params.hookId,
          String(request.body),
          request.headers['stripe-signature'] as string | undefined,
        );
        if (result.refused) {
          request.log.warn({ refused: result.refused }, 'Stripe event refused');
        }
        return { received: true as const };
      },
    );
    done();
  });
}
