import { brotliDecompressSync } from 'node:zlib';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../lib/route-registry.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  signUp,
  type TestApp,
} from '../test/test-app.js';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './openapi.js';

/**
 * GET /api/openapi.json (issue 19): generated from the routes' own schemas, valid OpenAPI, and
 * complete: every REST call is in it with its input, its success answer and its error answers.
 */

let t: TestApp;
let document: OpenAPIV3_1.Document;

/** Warnings the process printed while the app was built (Fastify's FSTWRN... among them). */
const warnings: string[] = [];

beforeAll(async () => {
  const collect = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', collect);
  t = await createTestApp();
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', collect);
  const answer = await get(t.app, OPENAPI_PATH);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  document = answer.json<OpenAPIV3_1.Document>();
});
afterAll(() => t.close());

/** The REST calls the document must describe: not HEAD (Fastify's twin of each GET), not itself. */
function restCalls() {
  return registeredRoutes(t.app).filter(
    ({ method, url }) =>
      url.startsWith('/api/') &&
      !url.startsWith(API_DOCS_PREFIX) &&
      url !== OPENAPI_PATH &&
      method !== 'HEAD',
  );
}

/** Fastify's `/api/contracts/:id` is OpenAPI's `/api/contracts/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operationOf(method: string, url: string): OpenAPIV3_1.OperationObject | undefined {
  const item = document.paths?.[openApiPath(url)];
  return item?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
}

/** The errors of Redocly's recommended rules, built into the pinned package: nothing is fetched. */
async function redoclyErrors(openapi: OpenAPIV3_1.Document): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(openapi),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map(({ ruleId, message, location }) => `${ruleId} at ${location[0]?.pointer}: ${message}`);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("passes Redocly's recommended rules with no error (issue 33)", async () => {
    expect(await redoclyErrors(document)).toEqual([]);
    // The control: the same document with its webhooks' security left out fails, as it did.
    const unsigned = structuredClone(document);
    for (const item of Object.values(unsigned.webhooks ?? {})) {
      delete (item as OpenAPIV3_1.PathItemObject).post?.security;
    }
    const errors = await redoclyErrors(unsigned);
    // One per event: eight of contracts (a signer's signature: issue 37), four of payments
    // (issue 36), three of change orders (issue 38).
    expect(errors).toHaveLength(15);
    expect(errors[0]).toMatch(/^security-defined at #\/webhooks\/contract\.sent\/post:/);
  });

  it('walks every registered /api route and finds each one in the document', () => {
    const calls = restCalls();
    // The walk sees the calls it should: a sanity check that the filter did not drop them all.
    expect(calls.length).toBeGreaterThanOrEqual(35);
    const missing = calls
      .filter(({ method, url }) => !operationOf(method, url))
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });

  it('is built without a warning, so a server starts with a clean log', () => {
    expect(warnings).toEqual([]);
  });

  it('documents only the REST facade: no tRPC, web app or logo-file paths', () => {
    const paths = Object.keys(document.paths ?? {});
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths).not.toContain(OPENAPI_PATH);
  });

  it('gives each call its input, its success answer and its error answers', () => {
    const problems: string[] = [];
    for (const { method, url, takesBody } of restCalls()) {
      const call = `${method} ${url}`;
      const operation = operationOf(method, url);
      if (!operation) continue;
      if (!operation.summary) problems.push(`${call}: no summary`);
      if (takesBody && !operation.requestBody) problems.push(`${call}: no request body`);
      const pathParameters = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const documentedParameters = (operation.parameters ?? []).map(
        (parameter) => (parameter as OpenAPIV3_1.ParameterObject).name,
      );
      for (const name of pathParameters) {
        if (!documentedParameters.includes(name ?? '')) problems.push(`${call}: no {${name}}`);
      }
      const responses = operation.responses ?? {};
      const statuses = Object.keys(responses);
      if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${call}: no 2xx`);
      const errors = statuses.filter((status) => /^[45]/.test(status));
      if (!errors.includes('500')) problems.push(`${call}: no 500`);
      for (const status of errors) {
        const content = (responses[status] as OpenAPIV3_1.ResponseObject).content ?? {};
        const json = content['application/json']?.schema as OpenAPIV3_1.ReferenceObject;
        if (json?.$ref !== '#/components/schemas/ApiError') {
          problems.push(`${call} ${status}: JSON error is not ApiError`);
        }
        if (!content['text/plain']) problems.push(`${call} ${status}: no text/plain error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes the error shape and both ways to authenticate', () => {
    const apiError = document.components?.schemas?.ApiError as OpenAPIV3_1.SchemaObject;
    expect(Object.keys(apiError.properties ?? {})).toEqual(['error']);
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(operationOf('POST', '/api/contracts')?.security).toEqual([
      { apiKey: [] },
      { sessionCookie: [] },
    ]);
    expect(operationOf('GET', '/api/esign/:token')?.security).toEqual([]);
  });

  it('describes every webhook a receiver may get, with its signed headers and body', () => {
    const events = document.webhooks ?? {};
    expect(Object.keys(events)).toEqual([
      'contract.sent',
      'contract.viewed',
      'contract.signer_signed',
      'contract.signed',
      'contract.completed',
      'contract.declined',
      'contract.voided',
      'contract.expired',
      'payment.succeeded',
      'payment.processing',
      'payment.failed',
      'payment.refunded',
      'change_order.sent',
      'change_order.signed',
      'change_order.declined',
    ]);
    const signed = events['contract.signed'] as OpenAPIV3_1.PathItemObject;
    const names = (signed.post?.parameters ?? []).map(
      (parameter) => (parameter as OpenAPIV3_1.ParameterObject).name,
    );
    expect(names).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    // How a receiver checks it: the Standard Webhooks signature, declared as its security.
    expect(signed.post?.security).toEqual([{ standardWebhooksSignature: [] }]);
    expect(document.components?.securitySchemes?.standardWebhooksSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'webhook-signature',
    });
    const body = signed.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const payload = body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(payload.required).toEqual(['type', 'timestamp', 'data']);
  });

  it('shows what a call takes, with the rules the server applies', () => {
    const body = operationOf('POST', '/api/keys')?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(['name']);
    expect(schema.properties?.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 60 });
    const upload = operationOf('POST', '/api/prefs/logo')
      ?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    const pdf = operationOf('GET', '/api/contracts/:id/executed.pdf')?.responses?.[
      '200'
    ] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(pdf.content ?? {})).toEqual(['application/pdf']);
  });

  it('says how a phone that drafted offline creates and saves a draft (issue 40)', () => {
    const create = operationOf('POST', '/api/contracts');
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['200', '201']));
    const createBody = create?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const createSchema = createBody.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    const clientDraftId = createSchema.properties?.client_draft_id as OpenAPIV3_1.SchemaObject;
    expect(clientDraftId).toMatchObject({ type: 'string', format: 'uuid' });
    expect(clientDraftId.description).toContain('makes one contract');
    const change = operationOf('PUT', '/api/contracts/:id');
    expect(change?.description).toContain('changed on another device');
    const changeBody = change?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const changeSchema = changeBody.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(changeSchema.properties?.base_version).toMatchObject({ type: 'integer' });
    expect(changeSchema.properties).not.toHaveProperty('client_draft_id');
  });
});

describe('error answers', () => {
  it('are the message as text by default, as the spec client shows "status: body"', async () => {
    const answer = await get(t.app, '/api/contracts');
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe('Please sign in');
  });

  it('are {error: {code, message}} for a client asking for JSON', async () => {
    const json = { accept: 'application/json' };
    const unsigned = await get(t.app, '/api/contracts', { headers: json });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in' } });

    const cookie = await signUp(t.app, {
      email: 'openapi@example.com',
      password: 'long enough password',
      company_name: 'Docs Landscaping',
    });
    const invalid = await jsonPost(t.app, '/api/keys', { name: ' ' }, { cookie, headers: json });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'name: Give the key a name, like the tool that will use it',
      },
    });
    const unknown = await get(t.app, '/api/no-such-call', { headers: json });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('check who calls before what they send: a stranger gets 401, not a field message', async () => {
    const answer = await jsonPost(t.app, '/api/contracts/1/send', { nonsense: true });
    expect(answer.statusCode).toBe(401);
    const empty = await bodylessRequest(t.app, 'DELETE', '/api/keys/not-a-key');
    expect(empty.statusCode).toBe(401);
  });

  it('name the field of a bad path parameter, as the body fields are named', async () => {
    const cookie = await signUp(t.app, {
      email: 'params@example.com',
      password: 'long enough password',
      company_name: 'Params Remodeling',
    });
    const answer = await get(t.app, '/api/contracts/abc', { cookie });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/^id: /);
  });
});

describe('the reference page', () => {
  it('is served from this install, with no request to another origin', async () => {
    const page = await get(t.app, `${API_DOCS_PREFIX}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const external = [...page.body.matchAll(/(?:src|href)="(https?:)?\/\/[^"]*"/g)];
    expect(external).toEqual([]);
    const bundle = await get(t.app, `${API_DOCS_PREFIX}/static/swagger-ui-bundle.js`);
    expect(bundle.statusCode).toBe(200);
    // Swagger UI would post the document to validator.swagger.io unless told not to.
    const initializer = await get(t.app, `${API_DOCS_PREFIX}/static/swagger-initializer.js`);
    expect(initializer.body).toContain('validatorUrl: null');
  });

  it("is laid out at a phone's own width (issue 31)", async () => {
    const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">';
    for (const url of [API_DOCS_PREFIX, `${API_DOCS_PREFIX}/`]) {
      // As a browser asks for it, compression allowed.
      const page = await get(t.app, url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode, url).toBe(200);
      const html =
        page.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(page.rawPayload).toString('utf8')
          : page.body;
      expect(html, url).toContain(viewport);
      expect(html.match(/<meta name="viewport"/g), url).toHaveLength(1);
    }
  });
});

describe('the reference words', () => {
  it('says that void is what the screens call Withdraw', () => {
    const contracts = document.tags?.find((tag) => tag.name === 'Contracts');
    expect(contracts?.description).toContain("is what the app's screens call Withdraw");
  });

  it('says which 401 is which: no credentials, or a bad key', () => {
    const unauthorized = operationOf('GET', '/api/contracts')?.responses?.[
      '401'
    ] as OpenAPIV3_1.ResponseObject;
    expect(unauthorized.description).toContain('"Please sign in"');
    expect(unauthorized.description).toContain('"Invalid API key"');
  });
});
