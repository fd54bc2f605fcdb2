import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../domain/templates.schemas.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The template a contract in a language is sent with, which the wizard previews
 * (docs/decisions/029): the default, or the Spanish twin of a shipped default.
 */

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newAccount() {
  counter += 1;
  return signUp(t.app, {
    email: `twin${counter}@example.com`,
    password: 'secret123',
    company_name: `Twin ${counter} Co`,
  });
}

async function templateFor(cookie: string, language?: string) {
  const answer = await get(
    t.app,
    `/api/templates/default${language ? `?language=${language}` : ''}`,
    { cookie },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Template>();
}

async function templates(cookie: string) {
  return (await get(t.app, '/api/templates', { cookie })).json<Template[]>();
}

async function makeDefault(cookie: string, id: number) {
  const answer = await bodylessRequest(t.app, 'POST', `/api/templates/${id}/set-default`, {
    cookie,
  });
  expect(answer.statusCode).toBe(200);
}

describe('the template for a contract in a language', () => {
  it('is Contrato estándar for Spanish while the Standard Contract is the default', async () => {
    const cookie = await newAccount();
    expect(await templateFor(cookie, 'es')).toMatchObject({
      name: 'Contrato estándar',
      preset_key: 'contrato-estandar',
      is_preset: false,
    });
    expect((await templateFor(cookie, 'en')).name).toBe('Standard Contract');
    // Without a language: the default itself, as before.
    expect((await templateFor(cookie)).name).toBe('Standard Contract');
  });

  it('answers the same over tRPC', async () => {
    const cookie = await newAccount();
    const answer = await trpcQuery(t.app, 'templates.default', { language: 'es' }, { cookie });
    expect(answer.json<{ result: { data: Template } }>().result.data.name).toBe(
      'Contrato estándar',
    );
    const plain = await trpcQuery(t.app, 'templates.default', undefined, { cookie });
    expect(plain.json<{ result: { data: Template } }>().result.data.name).toBe('Standard Contract');
  });

  it('keeps the contractor’s edits to either twin', async () => {
    const cookie = await newAccount();
    const spanish = (await templates(cookie)).find((row) => row.name === 'Contrato estándar');
    const edited = '<p>Contrato de {{client.name}}, con nuestra licencia n.º 123</p>';
    await t.app.inject({
      method: 'PUT',
      url: `/api/templates/${spanish?.id ?? 0}`,
      headers: { cookie, origin: t.origin },
      payload: { name: 'Contrato estándar', html: edited },
    });
    expect((await templateFor(cookie, 'es')).html).toBe(edited);
  });

  it('is the English default for Spanish when the account has no Contrato estándar', async () => {
    const cookie = await newAccount();
    const spanish = (await templates(cookie)).find((row) => row.name === 'Contrato estándar');
    await bodylessRequest(t.app, 'DELETE', `/api/templates/${spanish?.id ?? 0}`, { cookie });
    expect((await templateFor(cookie, 'es')).name).toBe('Standard Contract');
  });

  it('is a template the contractor wrote, as it is, in either language', async () => {
    const cookie = await newAccount();
    const mine = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'My own', html: '<p>{{client.name}}</p>', is_preset: false },
      { cookie },
    );
    await makeDefault(cookie, mine.json<Template>().id);
    expect((await templateFor(cookie, 'es')).name).toBe('My own');
    expect((await templateFor(cookie, 'en')).name).toBe('My own');
  });

  it('is the Standard Contract for English when Contrato estándar is the default', async () => {
    const cookie = await newAccount();
    const spanish = (await templates(cookie)).find((row) => row.name === 'Contrato estándar');
    await makeDefault(cookie, spanish?.id ?? 0);
    expect((await templateFor(cookie, 'en')).name).toBe('Standard Contract');
    expect((await templateFor(cookie, 'es')).name).toBe('Contrato estándar');
  });

  it('refuses a language the app does not speak', async () => {
    const cookie = await newAccount();
    const answer = await get(t.app, '/api/templates/default?language=fr', { cookie });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('The language must be en or es');
  });
});
