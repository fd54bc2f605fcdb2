import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
/** Every server a test started: one still running when the test ends is killed here. */
const children: ChildProcess[] = [];

afterEach(() => {
  // A test that failed or passed its deadline never reached its own kill; its server must not
  // outlive it (run 43 left one running for hours).
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the real entry point on a data folder that does not exist yet. */
async function startServerProcess() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-server-'));
  dirs.push(base);
  const dataDir = path.join(base, 'fresh', 'data');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'start'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const deadline = Date.now() + 45_000;
  while (!/TradeSign [\d.]+ is ready at /.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, dataDir, url: `http://127.0.0.1:${port}`, output: () => output };
}

/**
 * Each test starts the server from its source (Node and tsx), migrates a new database and stops
 * it: well within 20 s on a quiet machine, over 20 s on a loaded one at half speed (run 43).
 */
describe('the server process', { timeout: 90_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'creates its database on first start and stops cleanly on %s',
    async (signal) => {
      const server = await startServerProcess();
      expect(fs.existsSync(path.join(server.dataDir, 'app.db'))).toBe(true);
      const answer = await fetch(`${server.url}/api/auth/user`);
      expect(answer.status).toBe(401);
      // Every worker the server started reports its ticks (issue 33).
      const ready = await fetch(`${server.url}/readyz`);
      const { checks } = (await ready.json()) as { checks: { name: string; ok: boolean }[] };
      expect(checks.map((check) => `${check.name} ${check.ok}`)).toEqual([
        'database true',
        'migrations true',
        'worker:mail true',
        'worker:documents true',
        'worker:webhooks true',
        'worker:follow-up true',
      ]);
      expect(ready.status).toBe(200);

      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(`${signal} received`);
      // The port is free again: nothing was left listening.
      await expect(fetch(`${server.url}/api/auth/user`)).rejects.toThrow();
    },
  );
});
