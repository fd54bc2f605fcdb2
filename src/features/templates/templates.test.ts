import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetTemplates } from '../../../db/seeds/preset-templates.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

interface TemplateAnswer {
  id: number;
  name: string;
  html: string;
  is_preset: boolean;
  version: number;
  preset_key: string | null;
}

let t: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, {
    email: 'owner@example.com',
    password: 'secret123',
    company_name: 'Owner Co',
  });
  stranger = await signUp(t.app, {
    email: 'stranger@example.com',
    password: 'secret123',
    company_name: 'Other Co',
  });
});
afterAll(async () => {
  await t.close();
});

async function list(cookie: string) {
  const answer = await get(t.app, '/api/templates', { cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json<Omit<TemplateAnswer, 'html'>[]>();
}

async function create(cookie: string, body: Record<string, unknown>) {
  return jsonPost(t.app, '/api/templates', { is_preset: false, ...body }, { cookie });
}

describe('a new account', () => {
  it('starts with the standard contract as its default, and its Spanish twin, version 1', async () => {
    const templates = await list(owner);
    expect(templates).toMatchObject([
      { name: 'Standard Contract', is_preset: true, version: 1 },
      { name: 'Contrato estándar', is_preset: false, version: 1 },
    ]);
    const fallback = await get(t.app, '/api/templates/default', { cookie: owner });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json<TemplateAnswer>().html).toBe(presetTemplates[0]?.html);
  });

  it('lists without the HTML, which only the single-template calls carry', async () => {
    const [first] = await list(owner);
    expect(first).not.toHaveProperty('html');
  });
});

describe('creating, editing and deleting', () => {
  it('creates a template, not as the default when one exists', async () => {
    const answer = await create(owner, { name: '  Deck build  ', html: '<p>{{client.name}}</p>' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<TemplateAnswer>()).toMatchObject({
      name: 'Deck build',
      is_preset: false,
      version: 1,
    });
  });

  it('bumps the version on every update', async () => {
    const { id } = (
      await create(owner, { name: 'Patio', html: '<p>v1</p>' })
    ).json<TemplateAnswer>();
    const first = await jsonPut(
      t.app,
      `/api/templates/${id}`,
      { name: 'Patio', html: '<p>v2</p>' },
      { cookie: owner },
    );
    expect(first.json<TemplateAnswer>()).toMatchObject({ version: 2, html: '<p>v2</p>' });
    const second = await jsonPut(
      t.app,
      `/api/templates/${id}`,
      { name: 'Patio job', html: '<p>v3</p>' },
      { cookie: owner },
    );
    expect(second.json<TemplateAnswer>()).toMatchObject({ version: 3, name: 'Patio job' });
    const fetched = await get(t.app, `/api/templates/${id}`, { cookie: owner });
    expect(fetched.json<TemplateAnswer>()).toMatchObject({ version: 3, html: '<p>v3</p>' });
  });

  it.each([
    [{ name: '', html: '<p>x</p>' }],
    [{ name: 'x', html: '   ' }],
    [{ name: 'x' }],
    [{ html: '<p>x</p>' }],
  ])('refuses %j with "Name and HTML are required"', async (body) => {
    const answer = await create(owner, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Name and HTML are required');
  });

  it('refuses HTML over 200 KB with 413 and accepts exactly 200 KB', async () => {
    const tooBig = await create(owner, { name: 'Huge', html: 'x'.repeat(200 * 1024 + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toContain('200 KB');
    const justRight = await create(owner, { name: 'Big', html: 'x'.repeat(200 * 1024) });
    expect(justRight.statusCode).toBe(201);
  });

  it('refuses a template with a syntax error, naming the line', async () => {
    const answer = await create(owner, {
      name: 'Broken',
      html: '<p>ok</p>\n{{#each payments}}\n<p>never closed</p>',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/line 2/i);
  });

  it('deletes a template', async () => {
    const { id } = (await create(owner, { name: 'Temp', html: '<p>t</p>' })).json<TemplateAnswer>();
    const removed = await bodylessRequest(t.app, 'DELETE', `/api/templates/${id}`, {
      cookie: owner,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(t.app, `/api/templates/${id}`, { cookie: owner })).statusCode).toBe(404);
  });
});

describe('the default template', () => {
  it('moves with set-default (no body), leaving exactly one default', async () => {
    const { id } = (
      await create(owner, { name: 'New default', html: '<p>d</p>' })
    ).json<TemplateAnswer>();
    const answer = await bodylessRequest(t.app, 'POST', `/api/templates/${id}/set-default`, {
      cookie: owner,
    });
    expect(answer.statusCode).toBe(200);
    const defaults = (await list(owner)).filter((template) => template.is_preset);
    expect(defaults.map((template) => template.id)).toEqual([id]);
    const current = await get(t.app, '/api/templates/default', { cookie: owner });
    expect(current.json<TemplateAnswer>().id).toBe(id);
  });

  it('cannot be deleted, and says why, so an account can always send', async () => {
    const before = await get(t.app, '/api/templates/default', { cookie: owner });
    const { id } = before.json<TemplateAnswer>();
    const refused = await bodylessRequest(t.app, 'DELETE', `/api/templates/${id}`, {
      cookie: owner,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('The default template cannot be deleted');
    const after = await get(t.app, '/api/templates/default', { cookie: owner });
    expect(after.json<TemplateAnswer>().id).toBe(id);
  });

  it('brings the Standard Contract back once the account has no copy of it', async () => {
    const cookie = await signUp(t.app, {
      email: 'standard-again@example.com',
      password: 'secret123',
      company_name: 'Again Co',
    });
    const [standard] = await list(cookie);
    expect(standard?.preset_key).toBe('standard-contract');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/templates/standard',
      headers: { cookie, origin: t.origin },
    });
    expect(again.statusCode).toBe(409);
    const other = (await create(cookie, { name: 'Mine', html: '<p>m</p>' })).json<TemplateAnswer>();
    await bodylessRequest(t.app, 'POST', `/api/templates/${other.id}/set-default`, { cookie });
    await bodylessRequest(t.app, 'DELETE', `/api/templates/${standard?.id ?? 0}`, { cookie });
    expect((await list(cookie)).map((template) => template.name)).toEqual([
      'Mine',
      'Contrato estándar',
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/templates/standard',
      headers: { cookie, origin: t.origin },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Standard Contract',
      is_preset: false,
      preset_key: 'standard-contract',
    });
  });

  it('is created as the default with is_preset true', async () => {
    const answer = await create(owner, { name: 'Chosen', html: '<p>c</p>', is_preset: true });
    expect(answer.json<TemplateAnswer>().is_preset).toBe(true);
    expect((await list(owner)).filter((template) => template.is_preset)).toHaveLength(1);
  });
});

describe("another account's templates", () => {
  it('are a 404 on every call, and unchanged afterwards', async () => {
    const { id } = (
      await create(owner, { name: 'Private', html: '<p>mine</p>' })
    ).json<TemplateAnswer>();
    const calls = [
      get(t.app, `/api/templates/${id}`, { cookie: stranger }),
      jsonPut(
        t.app,
        `/api/templates/${id}`,
        { name: 'Stolen', html: '<p>x</p>' },
        { cookie: stranger },
      ),
      bodylessRequest(t.app, 'DELETE', `/api/templates/${id}`, { cookie: stranger }),
      bodylessRequest(t.app, 'POST', `/api/templates/${id}/set-default`, { cookie: stranger }),
      trpcQuery(t.app, 'templates.get', { id }, { cookie: stranger }),
      trpcMutation(
        t.app,
        'templates.update',
        { id, name: 'Stolen', html: '<p>x</p>' },
        { cookie: stranger },
      ),
      trpcMutation(t.app, 'templates.delete', { id }, { cookie: stranger }),
      trpcMutation(t.app, 'templates.setDefault', { id }, { cookie: stranger }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(404);
    expect((await list(stranger)).some((template) => template.id === id)).toBe(false);
    const mine = await get(t.app, `/api/templates/${id}`, { cookie: owner });
    expect(mine.json<TemplateAnswer>()).toMatchObject({
      name: 'Private',
      html: '<p>mine</p>',
      version: 1,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await get(t.app, '/api/templates')).statusCode).toBe(401);
    expect((await get(t.app, '/api/templates/default')).statusCode).toBe(401);
  });

  it('answers 400 for an id that is not a number', async () => {
    const answer = await get(t.app, '/api/templates/abc', { cookie: owner });
    expect(answer.statusCode).toBe(400);
  });
});

describe('through tRPC', () => {
  it('creates, updates and lists the same templates as REST', async () => {
    const created = await trpcMutation(
      t.app,
      'templates.create',
      { name: 'Via tRPC', html: '<p>{{money contract.total_cents}}</p>' },
      { cookie: stranger },
    );
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ result: { data: TemplateAnswer } }>().result.data;
    const updated = await trpcMutation(
      t.app,
      'templates.update',
      { id, name: 'Via tRPC', html: '<p>2</p>' },
      { cookie: stranger },
    );
    expect(updated.json<{ result: { data: TemplateAnswer } }>().result.data.version).toBe(2);
    expect((await list(stranger)).map((template) => template.name)).toContain('Via tRPC');
  });
});
