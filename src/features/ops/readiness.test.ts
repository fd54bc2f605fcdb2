import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app.js';
import { loadConfig } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createWorkerMonitor, WORKER_NAMES, type WorkerMonitor } from '../../lib/worker-ticks.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * /healthz and /readyz on each engine (issue 33), on an app whose workers report to a monitor
 * whose clock the test moves, as the server's workers report to its own (src/server.ts).
 */
let nowMs = Date.parse('2026-12-01T09:00:00Z');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function appWith(workers: WorkerMonitor) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-ready-'));
  const database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dir }),
    db: database.db,
    logLevel: 'silent',
    webDistDir: path.join(dir, 'no-web-build'),
    workers,
  });
  let closed = false;
  cleanups.push(async () => {
    await app.close();
    if (!closed) await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    app,
    database,
    /** The database goes away under the running app. */
    loseDatabase: async () => {
      closed = true;
      await database.drop();
    },
  };
}

/** Every worker started with a 1 s poll, as the server's are (follow-up: 30 s). */
function runningWorkers() {
  const monitor = createWorkerMonitor(() => nowMs);
  const recorders = WORKER_NAMES.map((name) => {
    const recorder = monitor.recorderFor(name);
    recorder.started(name === 'follow-up' ? 30_000 : 1000);
    return recorder;
  });
  return { monitor, tickAll: () => recorders.forEach((recorder) => recorder.tick()) };
}

const readyz = async (app: FastifyInstance) => {
  const answer = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: answer.statusCode, body: answer.json<{ status: string; checks: unknown[] }>() };
};

async function migrationCount(database: TestDatabase): Promise<number> {
  const row = await database.sql.get<{ count: number | string }>(
    'SELECT count(*) AS count FROM kysely_migration',
  );
  return Number(row?.count);
}

describe('GET /readyz', () => {
  it('is ready when the database answers, is current, and every worker ticked recently', async () => {
    const { monitor } = runningWorkers();
    monitor.off('documents', 'no Chromium at /usr/bin/chromium: signed copies go as HTML');
    const { app, database } = await appWith(monitor);
    nowMs += 2000;

    const { status, body } = await readyz(app);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: [
        { name: 'database', ok: true, detail: 'answers' },
        {
          name: 'migrations',
          ok: true,
          detail: `all ${await migrationCount(database)} applied`,
        },
        { name: 'worker:mail', ok: true, detail: 'ticked 2 s ago (polls every 1 s)' },
        {
          name: 'worker:documents',
          ok: true,
          detail: 'off: no Chromium at /usr/bin/chromium: signed copies go as HTML',
        },
        { name: 'worker:webhooks', ok: true, detail: 'ticked 2 s ago (polls every 1 s)' },
        { name: 'worker:follow-up', ok: true, detail: 'ticked 2 s ago (polls every 30 s)' },
      ],
    });
  });

  it('answers 503 naming a worker that stopped ticking, and is ready again when it ticks', async () => {
    const { monitor, tickAll } = runningWorkers();
    const { app } = await appWith(monitor);
    nowMs += 6000;

    const stale = await readyz(app);
    expect(stale.status).toBe(503);
    expect(stale.body.status).toBe('not ready');
    expect(stale.body.checks).toContainEqual({
      name: 'worker:mail',
      ok: false,
      detail: 'no tick for 6 s (polls every 1 s)',
    });
    // Thirty seconds between a follow-up worker's polls is its normal pace.
    expect(stale.body.checks).toContainEqual({
      name: 'worker:follow-up',
      ok: true,
      detail: 'ticked 6 s ago (polls every 30 s)',
    });

    tickAll();
    expect((await readyz(app)).status).toBe(200);
  });

  it('answers 503 when a migration is missing, or one this version does not know was applied', async () => {
    const { monitor } = runningWorkers();
    const { app, database } = await appWith(monitor);
    const newest = await database.sql.get<{ name: string }>(
      'SELECT max(name) AS name FROM kysely_migration',
    );
    await database.sql.run('DELETE FROM kysely_migration WHERE name = ?', newest?.name);
    expect((await readyz(app)).body.checks).toContainEqual({
      name: 'migrations',
      ok: false,
      detail: `1 not applied yet: ${newest?.name}`,
    });

    await database.sql.run(
      'INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?), (?, ?)',
      newest?.name,
      '2026-12-01T09:00:00.000Z',
      '209901010000_from_a_newer_version',
      '2099-01-01T00:00:00.000Z',
    );
    const newer = await readyz(app);
    expect(newer.status).toBe(503);
    expect(newer.body.checks).toContainEqual({
      name: 'migrations',
      ok: false,
      detail:
        'the database has migrations this version does not know: 209901010000_from_a_newer_version',
    });
  });

  it('answers 503 when the database is gone, while /healthz, which does no database work, answers', async () => {
    const { monitor } = runningWorkers();
    const { app, loseDatabase } = await appWith(monitor);
    await loseDatabase();

    const { status, body } = await readyz(app);
    expect(status).toBe(503);
    expect(body.checks.slice(0, 2)).toEqual([
      { name: 'database', ok: false, detail: 'does not answer (the log says why)' },
      { name: 'migrations', ok: false, detail: 'unknown: the database does not answer' },
    ]);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('is not ready once a stop begins, nor in an app whose workers never started', async () => {
    const { monitor } = runningWorkers();
    monitor.stopping('SIGTERM');
    const stopping = await appWith(monitor);
    expect((await readyz(stopping.app)).body.checks).toContainEqual({
      name: 'server',
      ok: false,
      detail: 'stopping (SIGTERM)',
    });

    const idle = await appWith(createWorkerMonitor());
    const { status, body } = await readyz(idle.app);
    expect(status).toBe(503);
    expect(body.checks).toContainEqual({ name: 'worker:mail', ok: false, detail: 'not started' });
  });
});
