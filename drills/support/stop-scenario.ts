import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOllama, type FakeOllama } from '../../src/test/fake-ollama.js';
import { startSmtpSink, type SmtpSink } from '../../src/test/smtp-sink.js';
import { dropAppDatabase, startApp, type RunningApp } from '../../web/e2e/support/app-server.js';
import { openAppDatabase } from './database-checks.js';
import { probe } from './http-probe.js';
import { descendantsOf, reapProcesses } from './process-tree.js';
import { waitFor } from './wait.js';

/**
 * What the stop drills share: servers on data folders of their own, a real SMTP sink, and an
 * Ollama stand-in that never answers, so a scope cleanup is a request that stays in flight for
 * OLLAMA_TIMEOUT_MS (then the rules engine answers it).
 */
export interface StopScenario {
  sink: SmtpSink;
  start(name: string): Promise<RunningApp>;
  /** SIGKILLs whatever still runs (and its Chromium), removes every folder. */
  cleanUp(): Promise<void>;
}

export const SLOW_REQUEST_MS = 1500;

export async function stopScenario(): Promise<StopScenario> {
  const work = mkdtempSync(path.join(tmpdir(), 'tradesign-stop-drill-'));
  const servers: RunningApp[] = [];
  const dataDirs: string[] = [];
  const sink = await startSmtpSink();
  const ollama: FakeOllama = await startFakeOllama();
  ollama.behave({ kind: 'hang' });
  return {
    sink,
    async start(name) {
      const dataDir = path.join(work, name);
      dataDirs.push(dataDir);
      // Chromium's profile folders go here, so no stop can leave them in the real /tmp.
      mkdirSync(path.join(dataDir, 'tmp'), { recursive: true });
      const app = await startApp(
        {
          SMTP_URL: sink.url,
          OLLAMA_HOST: ollama.url,
          OLLAMA_TIMEOUT_MS: String(SLOW_REQUEST_MS),
          TMPDIR: path.join(dataDir, 'tmp'),
        },
        { dataDir },
      );
      servers.push(app);
      return app;
    },
    async cleanUp() {
      for (const server of servers) {
        const chromium = descendantsOf(server.pid);
        await server.kill('SIGKILL');
        await reapProcesses(chromium, 0);
      }
      await sink.stop();
      await ollama.close();
      for (const dataDir of dataDirs) await dropAppDatabase(dataDir);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Resolves once the server has logged the start of each of these numbered (`?n=`) requests. */
export function serverStarted(app: RunningApp, numbers: number[]): Promise<true> {
  return waitFor(
    `the server to start requests ${numbers.join(', ')}`,
    () => {
      const recent = app.output().slice(-100_000);
      return numbers.every((n) => recent.includes(`?n=${n}"`)) ? true : undefined;
    },
    { timeoutMs: 5_000, intervalMs: 2, describe: () => app.output().slice(-3_000) },
  );
}

/** A request that stays in flight about SLOW_REQUEST_MS: a scope cleanup the model ignores. */
export const slowRequest = (agent: http.Agent, app: RunningApp, cookie: string, n: number) =>
  probe(agent, app.url, {
    method: 'POST',
    path: `/api/scope/clean?n=${n}`,
    body: { snippets: ['install drip line in the front beds'] },
    headers: { cookie },
  });

/** Document jobs by contract id, read while the server may be running (or after it stopped). */
export async function documentJobs(
  app: RunningApp,
  options = { readonly: true },
): Promise<Map<number, { status: string; last_error: string | null }>> {
  const db = openAppDatabase(app, options);
  try {
    const rows = await db.sql.all<{
      contract_id: number;
      status: string;
      last_error: string | null;
    }>('SELECT contract_id, status, last_error FROM document_jobs');
    return new Map(rows.map(({ contract_id, ...job }) => [contract_id, job]));
  } finally {
    await db.close();
  }
}

/**
 * A WAL left with content means the database was not closed (or not checkpointed) at exit.
 * SQLite only: a PostgreSQL server keeps no WAL file in DATA_DIR (its log is the server's own).
 */
export function walBytes(app: RunningApp): number {
  const wal = path.join(app.dataDir, 'app.db-wal');
  return existsSync(wal) ? statSync(wal).size : 0;
}
