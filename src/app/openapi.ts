import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { describeValidationError } from '../domain/validation-messages.js';
import { AppError } from '../lib/app-error.js';
import { sessionCookieName } from '../features/sessions/session-cookie.js';
import {
  WEBHOOK_SIGNATURE_SCHEME,
  webhookSignatureScheme,
  webhooksDocument,
} from './openapi-webhooks.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/**
 * Input is checked by the route's zod schema before the handler runs. A failure is the same 400
 * the tRPC twin gives, naming the field ("name: Give the key a name..."). A missing body is read
 * as {}, so an empty POST names the first missing field instead of "expected object".
 */
const validateWithZod: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const parsed = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    if (parsed.success) return { value: parsed.data };
    return { error: new AppError('BAD_REQUEST', describeValidationError(parsed.error)) };
  };

const tags = [
  { name: 'Account', description: 'Sign up, sign in, and the signed-in contractor.' },
  {
    name: 'Team',
    description:
      "The company's people and invitations. Owners invite, change roles and remove; anyone in the company may read the team.",
  },
  {
    name: 'API keys',
    description: 'Keys for other tools. Only a signed-in person can manage them.',
  },
  {
    name: 'Contracts',
    // The API kept the word it was published with; the screens say Withdraw (issue 31).
    description:
      "Drafts, sending, and the roads after sending. `void` is what the app's screens call Withdraw (status `voided`, webhook `contract.voided`).",
  },
  { name: 'Executed copy', description: 'The sealed PDF once both parties have signed.' },
  { name: 'Templates', description: 'Contract templates.' },
  { name: 'Settings', description: 'Company details, logo and legal acknowledgment.' },
  { name: 'Scope', description: 'The AI that tidies scope notes.' },
  { name: 'Webhooks', description: 'Signed notifications of contract events (Standard Webhooks).' },
  { name: 'Signing (public)', description: "The homeowner's calls, by the signing link's token." },
  { name: 'Verification (public)', description: 'Anyone can check an executed copy by its hash.' },
];

/**
 * GET /api/openapi.json, generated from the routes' own zod schemas, and its reference page at
 * /api/docs, served from the installed package: no CDN, works offline (issue 19,
 * docs/decisions/026). Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TradeSign API',
        version: '1',
        description:
          'Create and send contracts, follow them to the sealed PDF, and receive signed webhooks. Authenticate with `Authorization: Bearer <API key>` (Settings → API).',
      },
      servers: [{ url: config.PUBLIC_URL }],
      tags,
      webhooks: webhooksDocument(),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from Settings → API: tsk_…',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description:
              "The web app's session; state-changing calls also need a same-origin Origin header.",
          },
          [WEBHOOK_SIGNATURE_SCHEME]: webhookSignatureScheme,
        },
      },
    },
    // Only the REST facade is documented: tRPC, the web app and logo files are not its contract.
    transform: (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PREFIX)) {
        return { schema: { hide: true }, url: route.url };
      }
      const documented = jsonSchemaTransform(route);
      const form = route.route.config?.documentedForm;
      if (!form) return documented;
      const body = z.toJSONSchema(form, { target: 'draft-2020-12', io: 'input' });
      return {
        ...documented,
        schema: { ...documented.schema, consumes: ['multipart/form-data'], body },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  // A context of its own, so the page's hook touches the reference's answers only.
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && /^text\/html/.test(String(reply.getHeader('content-type')))
        ? withPhoneViewport(payload)
        : payload,
    );
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      // BaseLayout: no top bar with a box for loading other documents, or the generator's logo.
      uiConfig: {
        layout: 'BaseLayout',
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
      },
      // The app's own CSP (src/lib/security.ts) fits the page: everything from 'self'. The
      // plugin's staticCSP would allow https: styles and fonts and a validator host, and force
      // https.
    });
  });
}

/**
 * The plugin's page has no viewport tag, so a phone lays it out 980 px wide and shrinks it to
 * an unreadable size; with it the reference is read at the phone's own width (issue 31).
 */
function withPhoneViewport(html: string): string {
  if (/<meta name="viewport"/i.test(html)) return html;
  return html.replace(
    /<head>/i,
    '<head>\n<meta name="viewport" content="width=device-width, initial-scale=1">',
  );
}
