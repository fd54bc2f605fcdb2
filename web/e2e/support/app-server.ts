import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestPostgresDatabase,
  dropTestPostgresDatabase,
  testPostgres,
} from '../../../src/test/test-database';
import { freePort } from '../../../src/test/free-port';

const root = path.resolve(import.meta.dirname, '../../..');

/** How the server process ended: an exit code, or the signal that killed it. */
export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  /** DATABASE_URL of the server (with its password) when it runs on PostgreSQL; else SQLite. */
  databaseUrl?: string;
  /** The server process, e.g. to find the Chromium it started. */
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Settles once the process has exited and its output has been read to the end. */
  exited: Promise<AppExit>;
  /** Sends `signal` (SIGKILL for a crash, SIGTERM for a clean stop) and waits for the exit. */
  kill: (signal: NodeJS.Signals) => Promise<AppExit>;
  /**
   * SIGTERM, then removes the data folder (and drops the PostgreSQL database made for it) unless
   * it is the caller's or kept.
   */
  stop: () => Promise<void>;
}

export interface StartAppOptions {
  /** Serve this existing data folder (a restart after a crash); stop() never removes it. */
  dataDir?: string;
  /** Listen on this port, e.g. the one before a restart, so links already mailed still work. */
  port?: number;
  /** Keep the fresh data folder after stop(), for a later look or restart. */
  keepDataDir?: boolean;
  /**
   * Start something else than the source tree's command line, e.g. an unpacked release's
   * `./tradesign start`, in `cwd`, with only `env` (and the server's own settings) in its
   * environment.
   */
  launch?: { command: string; args: string[]; cwd: string; env: Record<string, string> };
}

/**
 * The PostgreSQL database made for each data folder in a PostgreSQL test run: a restart on the
 * same folder (after a crash) serves the same database, as a restarted installation would.
 */
const databasesByDataDir = new Map<string, { name: string; url: string }>();

/**
 * The database the server on `dataDir` should use: the caller's DATABASE_URL, else, in a
 * PostgreSQL test run (vitest projects with src/test/postgres-global-setup.ts), a fresh one cloned
 * from the migrated template, the same for every start on this folder; else none (SQLite).
 */
async function databaseFor(dataDir: string, env: Record<string, string>) {
  const given = env.DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) return given;
  // Outside vitest (scripts/lighthouse) there is nothing to inject.
  if (!process.env.VITEST || !testPostgres()) return undefined;
  let database = databasesByDataDir.get(dataDir);
  if (!database) {
    const name = `e2e_${process.pid}_${randomBytes(6).toString('hex')}`;
    database = { name, url: await createTestPostgresDatabase(name) };
    databasesByDataDir.set(dataDir, database);
  }
  return database.url;
}

/**
 * Drops the PostgreSQL database startApp made for this data folder, if any: for callers that
 * bring their own folder (restarts) and remove it themselves. Call once its servers are gone.
 */
export async function dropAppDatabase(dataDir: string): Promise<void> {
  const database = databasesByDataDir.get(dataDir);
  if (!database) return;
  databasesByDataDir.delete(dataDir);
  await dropTestPostgresDatabase(database.name);
}

export { freePort } from '../../../src/test/free-port';

/**
 * Starts the production server entry (what `npm start` runs after building) on a fresh data
 * folder and a free port, serving the web/dist build made by `npm run test:e2e`. In a PostgreSQL
 * test run (`e2e-postgres`, `drills-postgres`) the server gets a database of the throwaway cluster
 * through DATABASE_URL, unless `env` names one.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tradesign-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = await databaseFor(dataDir, env);
  let output = '';
  const launch = options.launch ?? {
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli/entry.ts', 'start'],
    cwd: root,
    env: process.env,
  };
  const child: ChildProcess = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: {
      ...launch.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' rather than 'exit': the last log lines are in `output` by then.
  const exited = new Promise<AppExit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });

  // A deadline, not a timing: a server of a file's own starts beside the other workers' tests.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`server exited early:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 60 s:\n${output}`);
    }
    try {
      const answer = await fetch(`${url}/trpc/auth.user`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  return {
    url,
    port,
    dataDir,
    databaseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill,
    stop: async () => {
      await kill('SIGTERM');
      if (ownsDataDir && !options.keepDataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropAppDatabase(dataDir);
      }
    },
  };
}
