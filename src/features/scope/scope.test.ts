import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCOPE_PLACEHOLDER_BULLET } from '../../domain/scope.schemas.js';
import { FAKE_MODEL, startFakeOllama, type FakeOllama } from '../../test/fake-ollama.js';
import {
  createTestApp,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { createScopeCleaner } from './scope.service.js';

const notes = [
  'um install drip irrigation in the front beds',
  'replace 2 zone valves comma 3/4 inch',
];
const modelAnswer = {
  paragraph: 'Install drip irrigation in the front beds and replace two zone valves.',
  bullets: ['Install drip irrigation in the front beds', 'Replace 2 zone valves (3/4 inch)'],
};

let ollama: FakeOllama;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ollama = await startFakeOllama();
  const settings = { host: ollama.url, model: FAKE_MODEL, timeoutMs: 1000 };
  // No pause between attempts here, so each failure path meets the fake server again.
  t = await createTestApp(
    { OLLAMA_HOST: ollama.url, OLLAMA_MODEL: FAKE_MODEL, OLLAMA_TIMEOUT_MS: '1000' },
    { scopeCleaner: createScopeCleaner(settings, { retryAfterMs: 0 }) },
  );
  cookie = await signUp(t.app, {
    email: 'scope@example.com',
    password: 'secret123',
    company_name: 'Scope Co',
  });
});
afterAll(async () => {
  await t.close();
  await ollama.close();
});
beforeEach(() => {
  ollama.chatRequests.length = 0;
});

const clean = (snippets: unknown, as = cookie) =>
  jsonPost(t.app, '/api/scope/clean', { snippets }, { cookie: as });

describe('with Ollama answering', () => {
  it("uses the model's answer and says so", async () => {
    ollama.behave({ kind: 'answer', content: JSON.stringify(modelAnswer) });
    const answer = await clean(notes);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...modelAnswer, engine: 'ollama' });
  });

  it('asks for the configured model, the answer schema, no streaming, temperature 0, with every note', async () => {
    ollama.behave({ kind: 'answer', content: JSON.stringify(modelAnswer) });
    await clean(notes);
    expect(ollama.chatRequests).toHaveLength(1);
    const request = ollama.chatRequests[0] as {
      model: string;
      stream: boolean;
      format: { type: string; properties: Record<string, unknown>; required: string[] };
      options: { temperature: number };
      messages: { role: string; content: string }[];
    };
    expect(request.model).toBe(FAKE_MODEL);
    expect(request.stream).toBe(false);
    expect(request.options.temperature).toBe(0);
    expect(request.format.type).toBe('object');
    expect(Object.keys(request.format.properties).sort()).toEqual(['bullets', 'paragraph']);
    expect(request.format.required.sort()).toEqual(['bullets', 'paragraph']);
    const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(system).toMatch(/never add/i);
    const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
    for (const note of notes) expect(user).toContain(note);
  });

  it('works the same through tRPC', async () => {
    ollama.behave({ kind: 'answer', content: JSON.stringify(modelAnswer) });
    const answer = await trpcMutation(t.app, 'scope.clean', { snippets: notes }, { cookie });
    expect(answer.json<{ result: { data: unknown } }>().result.data).toEqual({
      ...modelAnswer,
      engine: 'ollama',
    });
  });
});

describe('when Ollama fails, the rules engine answers', () => {
  it.each([
    [
      'an HTTP 500 with an error',
      { kind: 'http-error', status: 500, error: 'model runner has unexpectedly stopped' },
    ],
    [
      'a missing model (404)',
      {
        kind: 'http-error',
        status: 404,
        error: `model "${FAKE_MODEL}" not found, try pulling it first`,
      },
    ],
    ['malformed JSON', { kind: 'answer', content: '{"paragraph": "Install drip irr' }],
    [
      'JSON of the wrong shape',
      { kind: 'answer', content: JSON.stringify({ summary: 'x', items: 'y' }) },
    ],
    [
      'empty bullets',
      { kind: 'answer', content: JSON.stringify({ paragraph: 'Something.', bullets: [] }) },
    ],
    ['a timeout', { kind: 'hang' }],
  ] as const)('on %s', async (_label, behaviour) => {
    ollama.behave(behaviour);
    const answer = await clean(notes);
    expect(answer.statusCode).toBe(200);
    const scope = answer.json<{ paragraph: string; bullets: string[]; engine: string }>();
    expect(scope.engine).toBe('rules');
    expect(ollama.chatRequests).toHaveLength(1);
    expect(scope.paragraph).toMatch(/drip irrigation/i);
    expect(scope.bullets.join(' ')).toContain('3/4 inch');
    expect(scope.bullets.join(' ')).not.toMatch(/\bum\b/);
  });

  it('on connection refused', async () => {
    const refused = await createTestApp({
      OLLAMA_HOST: 'http://127.0.0.1:9',
      OLLAMA_TIMEOUT_MS: '5000',
    });
    try {
      const owner = await signUp(refused.app, {
        email: 'refused@example.com',
        password: 'secret123',
        company_name: 'Refused Co',
      });
      const answer = await jsonPost(
        refused.app,
        '/api/scope/clean',
        { snippets: notes },
        { cookie: owner },
      );
      expect(answer.json<{ engine: string }>().engine).toBe('rules');
    } finally {
      await refused.close();
    }
  });

  it('skips an unreachable Ollama for a while after a failure, so the next contractor does not wait', async () => {
    const settings = { host: ollama.url, model: FAKE_MODEL, timeoutMs: 1000 };
    const paused = await createTestApp({}, { scopeCleaner: createScopeCleaner(settings) });
    try {
      const owner = await signUp(paused.app, {
        email: 'paused@example.com',
        password: 'secret123',
        company_name: 'Paused Co',
      });
      ollama.behave({ kind: 'http-error', status: 500, error: 'out of memory' });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await jsonPost(
          paused.app,
          '/api/scope/clean',
          { snippets: notes },
          { cookie: owner },
        );
        expect(answer.json<{ engine: string }>().engine).toBe('rules');
      }
      expect(ollama.chatRequests).toHaveLength(1);
    } finally {
      await paused.close();
    }
  });

  it('gives the placeholder for no notes without asking the model', async () => {
    const answer = await clean([]);
    expect(answer.json()).toEqual({
      paragraph: '',
      bullets: [SCOPE_PLACEHOLDER_BULLET],
      engine: 'rules',
    });
    expect((await clean(['   ', ''])).json<{ bullets: string[] }>().bullets).toEqual([
      SCOPE_PLACEHOLDER_BULLET,
    ]);
    expect(ollama.chatRequests).toHaveLength(0);
  });
});

describe('input limits and access', () => {
  it('accepts 200 notes of 2,000 characters and refuses more with 400', async () => {
    ollama.behave({ kind: 'http-error', status: 500, error: 'down' });
    expect((await clean(Array.from({ length: 200 }, () => 'a'.repeat(2000)))).statusCode).toBe(200);
    const tooMany = await clean(Array.from({ length: 201 }, () => 'note'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('At most 200 notes');
    const tooLong = await clean(['a'.repeat(2001)]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('2000 characters');
    expect((await clean('not a list')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const answer = await jsonPost(t.app, '/api/scope/clean', { snippets: notes });
    expect(answer.statusCode).toBe(401);
  });

  it('is rate limited per user with Retry-After', async () => {
    const busy = await signUp(t.app, {
      email: 'busy@example.com',
      password: 'secret123',
      company_name: 'Busy',
    });
    ollama.behave({ kind: 'http-error', status: 500, error: 'down' });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await clean(['one note'], busy)).statusCode).toBe(200);
    }
    const limited = await clean(['one note'], busy);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another contractor is not affected.
    expect((await clean(['one note'])).statusCode).toBe(200);
  });
});
