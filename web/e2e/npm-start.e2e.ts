import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestPostgresDatabase,
  dropTestPostgresDatabase,
  testPostgres,
} from '../../src/test/test-database';
import { openAppDatabase } from './support/app-database';
import { freePort } from './support/app-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-npm-start-'));
/** In `e2e-postgres`: an empty database (not the migrated template), which the start migrates. */
const databaseName = testPostgres() ? `npm_start_${randomBytes(6).toString('hex')}` : undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  if (databaseName) databaseUrl = await createTestPostgresDatabase(databaseName, { empty: true });
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) await dropTestPostgresDatabase(databaseName);
});

/**
 * The README's way to run the app: `npm start` serves the built web app and the API, and stops
 * cleanly when its process group is signalled (Ctrl-C in a terminal, systemd's default KillMode).
 */
describe('npm start', () => {
  it('serves the app and stops cleanly on SIGTERM to its process group', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      cwd: repoRoot,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: '',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    const deadline = Date.now() + 45_000;
    while (!/TradeSign [\d.]+ is ready at /.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start failed:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const page = await fetch(`http://127.0.0.1:${port}/wizard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    if (databaseUrl) {
      // The start created the app's tables in the database DATABASE_URL names, not a file.
      const database = openAppDatabase({ dataDir, databaseUrl });
      try {
        const migrations = fs
          .readdirSync(path.join(repoRoot, 'db/migrations'))
          .filter((name) => /^\d+_\w+\.ts$/.test(name));
        expect(
          await database.sql.value<number>('SELECT count(*) AS count FROM kysely_migration'),
        ).toBe(migrations.length);
        expect(await database.sql.value<number>('SELECT count(*) AS count FROM users')).toBe(0);
      } finally {
        await database.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
    } else {
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
    }

    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
    await expect.poll(() => output, { timeout: 10_000 }).toContain('SIGTERM received');
    // The server answers through its drain window (SHUTDOWN_DRAIN_MS), then closes and is gone.
    await expect
      .poll(() => output, { timeout: 15_000 })
      .toContain('workers stopped, database closed');
    await expect(fetch(`http://127.0.0.1:${port}/wizard`)).rejects.toThrow();
  });
});
