import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.js';
import { createPostgresDb } from '../db/postgres.js';
import { freePort } from './free-port.js';

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's own `initdb` and `pg_ctl`
 * (installed by scripts/setup-tests.sh, never downloaded), in a temp dir, listening only on
 * 127.0.0.1 at a free port, with a real password. PostgreSQL refuses to run as root, so under root
 * the cluster runs as the `postgres` user that Debian's package creates.
 */
export interface PostgresCluster {
  /** `postgres://tradesign:<password>@127.0.0.1:<port>/<database>` for a database of the cluster. */
  url(database: string): string;
  readonly port: number;
  readonly password: string;
  /** The cluster's files: what a copy of the server's disk would hold. */
  readonly dataDir: string;
  stop(): void;
}

const USER = 'tradesign';

/** The newest Debian PostgreSQL server binaries, or a sentence saying how to install them. */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      "PostgreSQL's server is not installed: run ./scripts/setup-tests.sh (it installs Debian's postgresql package)",
    );
  }
  return path.join(root, newest, 'bin');
}

/** Runs a server binary as the cluster's owner: ourselves, or `postgres` when we are root. */
function runAsOwner(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : bin;
  const commandArgs = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: os.tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`.trim(),
    );
  }
}

/**
 * Creates and starts a cluster. For tests durability is traded for speed (fsync off): the cluster
 * lives as long as the test run, and a crash only loses data nobody keeps. Benchmarks ask for
 * `durable`, PostgreSQL's own defaults, so their figures are what a real server would give.
 */
export async function startPostgresCluster(
  options: { maxConnections?: number; durable?: boolean } = {},
): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-pg-'));
  const dataDir = path.join(dir, 'data');
  const passwordFile = path.join(dir, 'password');
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  runAsOwner(path.join(bin, 'initdb'), [
    '--pgdata',
    dataDir,
    '--username',
    USER,
    '--pwfile',
    passwordFile,
    '--auth',
    'scram-sha-256',
    '--encoding',
    'UTF8',
    '--locale',
    'C',
    ...(options.durable ? [] : ['--no-sync']),
  ]);
  fs.rmSync(passwordFile);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    `-c max_connections=${options.maxConnections ?? 200}`,
    ...(options.durable
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  runAsOwner(pgCtl, [
    'start',
    '--pgdata',
    dataDir,
    '--wait',
    '--silent',
    '--log',
    path.join(dir, 'server.log'),
    '-o',
    settings,
  ]);
  let stopped = false;
  return {
    port,
    password,
    dataDir,
    url: (database) =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAsOwner(pgCtl, ['stop', '--pgdata', dataDir, '--mode', 'immediate', '--wait']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Creates the database `name` on the cluster behind `adminUrl` and migrates it to the latest
 * version: the template the PostgreSQL test legs clone for each test (CREATE DATABASE ... TEMPLATE).
 */
export async function createMigratedTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString(), { poolSize: 1, onIdleError: () => undefined });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
