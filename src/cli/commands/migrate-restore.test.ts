import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/kysely.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const names = Object.keys(migrations);
const lastName = names[names.length - 1] ?? '';

/** `tradesign <args>` as a person types it, in `cwd`, with only the environment given. */
function tradesign(args: string[], env: Record<string, string>, cwd = repoRoot) {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs'),
      path.join(repoRoot, 'src/cli/entry.ts'),
      ...args,
    ],
    {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const contractsIn = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM contracts').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-cli-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Each test runs the CLI several times, each run starting Node and tsx: a few seconds a run on a
 * loaded two-core machine, more than the unit project's 20 s for the test (runs 38 and 39).
 */
const CLI_RUNS = { timeout: 90_000 };

describe('tradesign migrate', CLI_RUNS, () => {
  it('--dry-run on a folder without a database says what the first start does, and makes nothing', () => {
    const dataDir = path.join(root, 'empty');
    fs.mkdirSync(dataDir);
    const result = tradesign(['migrate', '--dry-run'], { DATA_DIR: dataDir });
    expect(result.code, result.err).toBe(0);
    expect(result.out.trim()).toBe(
      `No database at ${path.join(dataDir, 'app.db')} yet: the first start creates it and applies ${names.length} migrations.`,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('lists what an upgrade would run, then runs it after a backup named with the version', async () => {
    const dataDir = path.join(root, 'upgrade');
    const file = path.join(dataDir, 'app.db');
    const { db } = createDb(file);
    await migrateToLatest(db, Object.fromEntries(Object.entries(migrations).slice(0, -1)));
    await db.destroy();

    const dry = tradesign(['migrate', '--dry-run'], { DATA_DIR: dataDir });
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain(`Database: ${file}`);
    expect(dry.out).toContain(
      `1 migration to apply (${names.length - 1} already applied):\n  ${lastName}`,
    );
    expect(dry.out).toMatch(
      /A backup would be written first to .*app-before-\d+\.\d+\.\d+-\d{8}-\d{6}\.db/,
    );
    expect(dry.out).toContain('Dry run: nothing was changed.');
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('app-before'))).toEqual([]);

    const run = tradesign(['migrate'], { DATA_DIR: dataDir });
    expect(run.code, run.err).toBe(0);
    const backups = fs.readdirSync(dataDir).filter((name) => name.startsWith('app-before'));
    expect(backups).toHaveLength(1);
    expect(run.out).toContain(`to ${path.join(dataDir, backups[0] ?? '')}`);
    expect(run.out).toContain(`Database brought up to date: ${lastName}`);

    const again = tradesign(['migrate'], { DATA_DIR: dataDir });
    expect(again.out).toContain('Already up to date: nothing to do.');
  });
});

describe('tradesign backup, then restore', CLI_RUNS, () => {
  let source: string;
  let backupFile: string;

  beforeAll(async () => {
    source = path.join(root, 'live');
    const { db } = createDb(path.join(source, 'app.db'));
    await migrateToLatest(db);
    await db.destroy();
    fs.writeFileSync(path.join(source, 'mail-seal.key'), Buffer.alloc(32, 7).toString('base64'), {
      mode: 0o600,
    });
    backupFile = path.join(root, 'nightly.db');
    const made = tradesign(['backup', 'nightly.db'], { DATA_DIR: source }, root);
    expect(made.code, made.err).toBe(0);
    // A CLI run in a hook: the hook gets the tests' deadline (run 44 passed 10 s here).
  }, CLI_RUNS.timeout);

  it('puts the backup and its mail key into a new data folder', () => {
    const target = path.join(root, 'restored', 'data');
    const result = tradesign(['restore', backupFile], { DATA_DIR: target });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`Restored 0 contracts into ${path.join(target, 'app.db')}`);
    expect(result.out).toContain(`Mail key restored: ${path.join(target, 'mail-seal.key')}`);
    expect(contractsIn(path.join(target, 'app.db'))).toBe(0);
    expect(fs.readFileSync(path.join(target, 'mail-seal.key'))).toEqual(
      fs.readFileSync(path.join(source, 'mail-seal.key')),
    );
    expect(fs.statSync(path.join(target, 'mail-seal.key')).mode & 0o777).toBe(0o600);
  });

  it('never overwrites a database: refuses, or with --replace moves it aside', () => {
    const target = path.join(root, 'restored', 'data');
    const refused = tradesign(['restore', backupFile], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `${path.join(target, 'app.db')} already exists. Stop the app, then run restore again with --replace`,
    );

    const replaced = tradesign(['restore', '--replace', backupFile], { DATA_DIR: target });
    expect(replaced.code, replaced.err).toBe(0);
    const aside = fs.readdirSync(target).filter((name) => name.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(fs.readdirSync(path.join(target, aside[0] ?? '')).sort()).toEqual([
      'app.db',
      'mail-seal.key',
    ]);
    expect(replaced.out).toContain(
      `The database that was there is now in ${path.join(target, aside[0] ?? '')}`,
    );

    // A backup without its key (one taken before a migration sits beside the live key) keeps
    // the key already there, and says so.
    const keyless = path.join(root, 'before-upgrade.db');
    fs.copyFileSync(backupFile, keyless);
    const again = tradesign(['restore', '--replace', keyless], { DATA_DIR: target });
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain(
      `Kept the mail key already in the data folder (${path.join(target, 'mail-seal.key')})`,
    );
    expect(fs.existsSync(path.join(target, 'mail-seal.key'))).toBe(true);
  });

  it('refuses a file that is not a TradeSign backup, and restores nothing', () => {
    const notes = path.join(root, 'notes.db');
    const db = new SQLite(notes);
    db.exec('CREATE TABLE notes (body TEXT)');
    db.close();
    const text = path.join(root, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all, but long enough to have a header of some kind');
    const target = path.join(root, 'refused');

    const wrongKind = tradesign(['restore', notes], { DATA_DIR: target });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.err.trim()).toBe(
      `${notes} is not a TradeSign backup (it has no contracts table)`,
    );
    const notSqlite = tradesign(['restore', text], { DATA_DIR: target });
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.err).toContain(`${text} is not a sound SQLite database`);
    expect(fs.existsSync(path.join(target, 'app.db'))).toBe(false);
  });

  it("points to PostgreSQL's own tools when DATABASE_URL is set", () => {
    const result = tradesign(['restore', backupFile], {
      DATA_DIR: path.join(root, 'pg'),
      DATABASE_URL: 'postgres://app:s3cret@db.internal/tradesign',
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain('DATABASE_URL is set: the data is in PostgreSQL');
    expect(result.err).not.toContain('s3cret');
  });
});
