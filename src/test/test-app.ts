import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app/build-app.js';
import { loadConfig, type Config } from '../config.js';
import type { DB } from '../db/kysely.js';
import type { Engine } from '../db/engine.js';
import { migrateToLatest } from '../db/migrate.js';
import { mailSealerForDataDir } from '../features/mail/body-seal.js';
import { createTestDatabase, type RawSql } from './test-database.js';

/** PUBLIC_URL origin of each app made by createTestApp, so helpers send the right Origin. */
const appOrigins = new WeakMap<FastifyInstance, string>();

/**
 * A fresh app on its own database (docs/architecture.md: real parts, no mocks): a SQLite file in a
 * temp dir, or a fresh PostgreSQL database in the PostgreSQL leg (src/test/test-database.ts).
 */
export interface TestApp {
  app: FastifyInstance;
  db: DB;
  engine: Engine;
  /** Raw SQL with `?` placeholders on either engine, for what a test checks below the API. */
  sql: RawSql;
  /** The PostgreSQL database's URL in that leg. */
  databaseUrl?: string;
  /** The files on disk holding the database (src/test/test-database.ts). */
  databaseFiles(): Promise<string[]>;
  /**
   * The database's files that hold `text` byte for byte. PostgreSQL's WAL is the whole
   * cluster's: another test's checkpoint may recycle a segment between the listing and the
   * reading, and a file gone by then holds nothing any more.
   */
  databaseFilesHolding(text: string): Promise<string[]>;
  config: Config;
  /** PUBLIC_URL's origin: what a same-origin browser sends as Origin. */
  origin: string;
  dir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  appOptions: Pick<
    BuildAppOptions,
    | 'scopeCleaner'
    | 'logLevel'
    | 'logStream'
    | 'pdfAvailable'
    | 'renderer'
    | 'signInClock'
    | 'clock'
  > = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-test-'));
  const config = loadConfig({
    DATA_DIR: dir,
    PUBLIC_URL: 'http://localhost:3000',
    // Most tests make several accounts that send: anyone may sign up, verified at once. The
    // tests of SIGNUP_MODE and of verification set these themselves (docs/decisions/043).
    SIGNUP_MODE: 'open',
    SIGNUP_EMAILS_VERIFIED: 'true',
    // Thousands of sign-ups and sign-ins: argon2id at its lightest (docs/decisions/047).
    PASSWORD_HASH_LIGHT: 'true',
    ...overrides,
  });
  const database = await createTestDatabase(dir);
  const db = database.db;
  let app: FastifyInstance;
  try {
    await migrateToLatest(db);
    app = await buildApp({
      logLevel: 'silent',
      ...appOptions,
      config,
      db,
      webDistDir: path.join(dir, 'no-web-build'),
    });
    await app.ready();
  } catch (error) {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const origin = new URL(config.PUBLIC_URL).origin;
  appOrigins.set(app, origin);
  let closed = false;
  return {
    app,
    db,
    engine: database.engine,
    sql: database.sql,
    ...(database.url ? { databaseUrl: database.url } : {}),
    databaseFiles: () => database.files(),
    async databaseFilesHolding(text) {
      const files = await database.files();
      if (files.length === 0) throw new Error('the database has no files to look in');
      return files.filter((file) => readIfStillThere(file)?.includes(Buffer.from(text)));
    },
    config,
    origin,
    dir,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RequestOptions {
  /** A `name=value` cookie header. */
  cookie?: string;
  /** Origin header; defaults to the app's PUBLIC_URL origin, `null` sends none. */
  origin?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

function defaultOrigin(app: FastifyInstance): string {
  const origin = appOrigins.get(app);
  if (!origin) throw new Error('app was not made by createTestApp: pass options.origin');
  return origin;
}

/** Sends `body` as JSON (a string is sent verbatim, e.g. to test malformed JSON). */
export function jsonRequest(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const origin = options.origin === undefined ? defaultOrigin(app) : options.origin;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(origin === null ? {} : { origin }),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  return app.inject({
    method,
    url,
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function jsonPost(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: RequestOptions = {},
) {
  return jsonRequest(app, 'POST', url, body, options);
}

export function jsonPut(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: RequestOptions = {},
) {
  return jsonRequest(app, 'PUT', url, body, options);
}

export function get(
  app: FastifyInstance,
  url: string,
  options: Pick<RequestOptions, 'cookie' | 'headers'> = {},
) {
  return app.inject({
    method: 'GET',
    url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

/** GET of a tRPC query (v11, not batched): the input rides as JSON in `?input=`. */
export function trpcQuery(
  app: FastifyInstance,
  procedure: string,
  input?: unknown,
  options: { cookie?: string } = {},
) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return get(app, `/trpc/${procedure}${query}`, options);
}

/** POST of a tRPC mutation (v11, not batched): the body is the input JSON itself. */
export function trpcMutation(
  app: FastifyInstance,
  procedure: string,
  input: unknown,
  options: RequestOptions = {},
) {
  return jsonPost(app, `/trpc/${procedure}`, input, options);
}

/** Every Set-Cookie header of a response, raw. */
export function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The `name=value` pair of the last Set-Cookie for `name` (or undefined). */
export function cookiePair(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = setCookieHeaders(response)
    .filter((line) => line.startsWith(`${name}=`))
    .at(-1);
  return raw?.split(';')[0];
}

export interface SignUpInput {
  email: string;
  password: string;
  company_name: string;
}

/** Signs up over REST and returns the session cookie (`session=...` or `__Host-session=...`). */
export async function signUp(
  app: FastifyInstance,
  input: SignUpInput,
  options: RequestOptions = {},
): Promise<string> {
  const response = await jsonPost(app, '/api/auth/signup', input, options);
  if (response.statusCode !== 200) {
    throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  }
  const pair = cookiePair(response, 'session') ?? cookiePair(response, '__Host-session');
  if (!pair)
    throw new Error(`signup set no session cookie: ${setCookieHeaders(response).join(' | ')}`);
  return pair;
}

/** A request without a body or content type (DELETE, and POSTs like set-default or logout). */
export function bodylessRequest(
  app: FastifyInstance,
  method: 'POST' | 'DELETE',
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const origin = options.origin === undefined ? defaultOrigin(app) : options.origin;
  return app.inject({
    method,
    url,
    headers: {
      ...(origin === null ? {} : { origin }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

/** A queued mail's body as sent: bodies are sealed at rest with the app's key (docs/decisions/017). */
export function openQueuedBody(t: Pick<TestApp, 'dir'>, sealed: string): string {
  return mailSealerForDataDir(t.dir).open(sealed);
}

function readIfStillThere(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
