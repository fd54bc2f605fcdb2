import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LoadOptions } from './write-load.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface LoadProcess {
  /** What the load printed (its errors), for failure messages. */
  output(): string;
  /** The exit code once it has ended, else null. */
  exitCode(): number | null;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

/** Starts write-load.ts in a process of its own. */
export function startWriteLoad(options: LoadOptions): LoadProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'drills/support/write-load.ts'), JSON.stringify(options)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let code: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.once('close', (exitCode, signal) => {
      code = exitCode ?? (signal ? 128 : null);
      resolve();
    });
  });
  return {
    output: () => output,
    exitCode: () => code,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
