import { spawn } from 'node:child_process';
import { freePort } from '../../src/test/free-port.js';
import { BARE_ROUTE } from './bare-route.js';

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * One bench server process (scripts/bench/bench-server.ts) on a free port of 127.0.0.1, with
 * `nodeArgs` before the script (`--cpu-prof` for a profile). Stopped by SIGTERM, which closes the
 * app and exits, so a CPU profile is written.
 */
export async function startBenchServer(options: {
  dataDir: string;
  mailKeyBase64: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'scripts/bench/bench-server.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      SMTP_URL: '',
      MAIL_SEAL_KEY: options.mailKeyBase64,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitUntilListening(url, () => child.exitCode !== null);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitUntilListening(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error('the bench server exited early');
    try {
      if ((await fetch(`${url}${BARE_ROUTE}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the bench server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
