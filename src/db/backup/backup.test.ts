import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app.js';
import { loadConfig } from '../../config.js';
import { createDb, type DB } from '../../db/kysely.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Contract } from '../../domain/contracts.schemas.js';
import {
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { backupDatabase } from './backup-database.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PUBLIC_URL = 'http://localhost:3000';
const owner = { email: 'builder@example.com', password: 'secret123', company_name: 'Builder Co' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function createDraft(app: FastifyInstance, cookie: string, n: number) {
  const answer = await jsonPost(
    app,
    '/api/contracts',
    { client_name: `Client ${n}`, scope_raw: [`job ${n}`], total_price_cents: 10_000 + n },
    { cookie },
  );
  return answer;
}

/** Starts the app on an existing data dir the way `npm start` does (createTestApp makes its own). */
async function startOnDataDir(dataDir: string): Promise<{ app: FastifyInstance; db: DB }> {
  const { db } = createDb(path.join(dataDir, 'app.db'));
  await migrateToLatest(db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL }),
    db,
    logLevel: 'silent',
    webDistDir: path.join(dataDir, 'no-web-build'),
  });
  await app.ready();
  return { app, db };
}

function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('restoring a backup taken while the app writes', () => {
  it('finds every contract created before the backup started, in a fresh data dir', async () => {
    const live = await createTestApp();
    cleanups.push(() => live.close());
    const cookie = await signUp(live.app, owner);
    const before: Contract[] = [];
    for (let n = 1; n <= 12; n++) {
      const answer = await createDraft(live.app, cookie, n);
      expect(answer.statusCode, answer.body).toBe(201);
      before.push(answer.json<Contract>());
    }

    // Drafts keep arriving through the API for as long as the copy runs.
    let copying = true;
    const createdDuringCopy: number[] = [];
    const writer = (async () => {
      for (let n = 100; copying; n++) {
        const answer = await createDraft(live.app, cookie, n);
        if (answer.statusCode === 201) createdDuringCopy.push(answer.json<Contract>().id);
      }
    })();
    const backupFile = path.join(tempDir(), 'backup.db');
    // One page per step: the app's writes land between steps and force the copy to start over.
    const summary = await backupDatabase(path.join(live.dir, 'app.db'), backupFile, {
      firstStepPages: 1,
    }).finally(() => {
      copying = false;
    });
    await writer;
    expect(createdDuringCopy.length).toBeGreaterThan(0);
    expect(integrityOf(backupFile)).toBe('ok');

    const restoredDir = tempDir();
    fs.copyFileSync(backupFile, path.join(restoredDir, 'app.db'));
    const restored = await startOnDataDir(restoredDir);
    cleanups.push(async () => {
      await restored.app.close();
      await restored.db.destroy();
    });
    const login = await jsonPost(
      restored.app,
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      { origin: PUBLIC_URL },
    );
    expect(login.statusCode, login.body).toBe(200);
    const restoredCookie = cookiePair(login, 'session') ?? '';

    const list = await get(restored.app, '/api/contracts', { cookie: restoredCookie });
    const restoredIds = list.json<{ id: number }[]>().map((card) => card.id);
    expect(restoredIds).toEqual(expect.arrayContaining(before.map((contract) => contract.id)));
    // One consistent moment: of the drafts written one after another during the copy, the copy
    // holds the first few and nothing else.
    const known = new Set([...before.map((contract) => contract.id), ...createdDuringCopy]);
    expect(restoredIds.filter((id) => !known.has(id))).toEqual([]);
    const copiedDuring = createdDuringCopy.filter((id) => restoredIds.includes(id));
    expect(copiedDuring).toEqual(createdDuringCopy.slice(0, copiedDuring.length));
    expect(summary.contracts).toBe(restoredIds.length);
    for (const contract of before) {
      const detail = await get(restored.app, `/api/contracts/${contract.id}`, {
        cookie: restoredCookie,
      });
      expect(detail.json()).toEqual(contract);
    }
  });

  it.each([
    ['lists the damage', corruptIndexDefinition, 'row 1 missing from index notes_body'],
    ['cannot even read the damage', scribbleOverIndexPage, 'database disk image is malformed'],
  ])(
    'keeps no copy, under any name, when the integrity check of the copy %s',
    async (_case, corrupt, problem) => {
      const source = path.join(tempDir(), 'app.db');
      corrupt(source);
      const backupDir = tempDir();
      const failure = backupDatabase(source, path.join(backupDir, 'backup.db'));
      await expect(failure).rejects.toThrow(/integrity check, so it was not kept/);
      await expect(failure).rejects.toThrow(problem);
      expect(fs.readdirSync(backupDir)).toEqual([]);
    },
  );
});

/** A small database whose `notes_body` index no longer matches its table. */
function corruptIndexDefinition(file: string) {
  const db = databaseWithNotes(file);
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.exec(
    "UPDATE sqlite_master SET sql = 'CREATE INDEX notes_body ON notes (id)' WHERE name = 'notes_body'",
  );
  db.close();
}

/** A small database whose `notes_body` index page is garbage. */
function scribbleOverIndexPage(file: string) {
  const db = databaseWithNotes(file);
  const { rootpage } = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'notes_body'")
    .get() as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (rootpage - 1) * pageSize);
  fs.closeSync(fd);
}

function databaseWithNotes(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.exec(`CREATE TABLE contracts (id INTEGER PRIMARY KEY);
           CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
           CREATE INDEX notes_body ON notes (body);`);
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
  for (let n = 0; n < 50; n++) insert.run(`note ${n}`);
  return db;
}

describe('tradesign backup', () => {
  let t: TestApp;
  let backupDir: string;

  beforeAll(async () => {
    // The app stays open while the command runs, as it would on a server.
    t = await createTestApp();
    const cookie = await signUp(t.app, owner);
    for (const n of [1, 2]) expect((await createDraft(t.app, cookie, n)).statusCode).toBe(201);
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-backup-cli-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  function backup(args: string[], env: Record<string, string> = {}) {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/entry.ts', 'backup', ...args],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: t.dir,
          ...env,
        },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    return { code: result.status, out: result.stdout, err: result.stderr };
  }

  it('writes a checked copy and says where, how big, and how many contracts it holds', () => {
    // npm runs scripts from the package folder; a relative name is taken from where npm was run.
    const result = backup(['nightly.db'], { INIT_CWD: backupDir });
    const file = path.join(backupDir, 'nightly.db');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`Backup written: ${file} (`);
    expect(result.out).toMatch(/\(\d+\.\d KB, 2 contracts, integrity check ok\)/);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['nightly.db', 'nightly.db.mail-seal.key']);
    expect(integrityOf(file)).toBe('ok');
    // The key that opens mails queued at backup time goes with the copy (docs/decisions/017).
    const key = `${file}.mail-seal.key`;
    expect(result.out).toContain(`Mail key copied: ${key}`);
    expect(fs.readFileSync(key).equals(fs.readFileSync(path.join(t.dir, 'mail-seal.key')))).toBe(
      true,
    );
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite an existing backup', () => {
    const file = path.join(backupDir, 'nightly.db');
    const before = fs.readFileSync(file);
    const result = backup([file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${file} is already a file: give a new file name`);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('explains its usage when no file is given', () => {
    const result = backup([]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("error: missing required argument 'file'");
    expect(result.err).toContain('(add --help for usage)');
  });

  it('points to pg_dump when the data is in PostgreSQL, and copies nothing', () => {
    const file = path.join(backupDir, 'pg.db');
    const result = backup([file], { DATABASE_URL: 'postgres://app:s3cret@db.internal/tradesign' });
    expect(result.code).toBe(1);
    expect(result.err.trim()).toBe(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with pg_dump (README, "Moving up to PostgreSQL").',
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it('does not create a database when DATA_DIR points at the wrong folder', () => {
    const wrongDir = path.join(backupDir, 'typo');
    fs.mkdirSync(wrongDir);
    const result = backup([path.join(backupDir, 'other.db')], { DATA_DIR: wrongDir });
    expect(result.code).toBe(1);
    expect(result.err).toContain(`No database at ${path.join(wrongDir, 'app.db')}: check DATA_DIR`);
    expect(fs.readdirSync(wrongDir)).toEqual([]);
  });
});
