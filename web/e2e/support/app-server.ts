import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
  /** The server process, e.g. to find the Chromium it started. */
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Settles once the process has exited and its output has been read to the end. */
  exited: Promise<AppExit>;
  /** Sends `signal` (SIGKILL for a crash, SIGTERM for a clean stop) and waits for the exit. */
  kill: (signal: NodeJS.Signals) => Promise<AppExit>;
  /** SIGTERM, then removes the data folder unless it is the caller's or kept. */
  stop: () => Promise<void>;
}

export interface StartAppOptions {
  /** Serve this existing data folder (a restart after a crash); stop() never removes it. */
  dataDir?: string;
  /** Listen on this port, e.g. the one before a restart, so links already mailed still work. */
  port?: number;
  /** Keep the fresh data folder after stop(), for a later look or restart. */
  keepDataDir?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production server entry (what `npm start` runs after building) on a fresh data
 * folder and a free port, serving the web/dist build made by `npm run test:e2e`.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tradesign-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
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

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`server exited early:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 30 s:\n${output}`);
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
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill,
    stop: async () => {
      await kill('SIGTERM');
      if (ownsDataDir && !options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
