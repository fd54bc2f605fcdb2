import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgresCluster } from '../../src/test/postgres-cluster';
import { SHARED_CLUSTER_ENV } from '../../src/test/postgres-global-setup';
import { isWebBuildStale } from '../web-build';
import type { FileTotals } from './totals-reporter';
import { printSummary, type StepResult } from './summary';

/**
 * `npm test`: every check and every test of the project, as cheaply as this 2-core machine allows
 * (docs/testing.md): two lanes side by side, one PostgreSQL cluster for every PostgreSQL leg, and
 * the web app built once, only when its sources changed. Every step runs even after a failure,
 * so one run shows every problem; the end prints one line per step and per leg, the total, and
 * the slowest files.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'tradesign-test-run-'));
const totalsFile = path.join(work, 'totals.jsonl');

interface Step {
  name: string;
  command: string[];
  /** Print the output only when the step fails (steps that run side by side). */
  quiet?: boolean;
}

function run(step: Step, env: NodeJS.ProcessEnv): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command = '', ...args] = step.command;
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: step.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code, signal) => {
      const ok = code === 0;
      if (step.quiet && !ok) process.stdout.write(`\n--- ${step.name} failed ---\n${output}\n`);
      resolve({ name: step.name, ok, seconds: (Date.now() - started) / 1000, signal });
    });
  });
}

const node = (script: string, ...args: string[]) => [process.execPath, script, ...args];

const vitest = (...projects: string[]) =>
  node('node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((name) => ['--project', name]));

async function main(): Promise<number> {
  // The web build (only when stale) first: the browser tests serve it and the release packs it.
  const cluster = startPostgresCluster();
  const results: StepResult[] = [
    isWebBuildStale()
      ? await run({ name: 'web build', command: ['npm', 'run', 'build'], quiet: true }, process.env)
      : { name: 'web build (current)', ok: true, seconds: 0 },
  ];
  const started = await cluster;
  // Ctrl-C or a CI timeout: the cluster's server runs as another user and would outlive us.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      started.stop();
      process.exit(130);
    });
  }
  try {
    const env = {
      ...process.env,
      TRADESIGN_TEST_TOTALS: totalsFile,
      [SHARED_CLUSTER_ENV]: JSON.stringify({
        adminUrl: started.url('postgres'),
        dataDir: started.dataDir,
      }),
    };
    const lane = async (steps: Step[]) => {
      for (const step of steps) {
        if (!step.quiet) process.stdout.write(`\n=== ${step.name} ===\n`);
        results.push(await run(step, env));
      }
    };
    // Two lanes side by side, one per core: the server tests, and the checks. The first streams
    // its output; the second's is shown only when a step fails.
    await Promise.all([
      lane([{ name: 'unit + postgres', command: vitest('unit', 'postgres') }]),
      lane([
        { name: 'typecheck', command: ['npm', 'run', 'typecheck'], quiet: true },
        {
          name: 'lint',
          command: node('node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'),
          quiet: true,
        },
      ]),
    ]);
    // The browser tests once both lanes are done: with lint still running beside them, a wizard
    // step waited more than 20 s to show (run 19, docs/testing.md).
    await lane([{ name: 'e2e + e2e-postgres', command: vitest('e2e', 'e2e-postgres') }]);
    // The drills load the machine on purpose and measure what a server does under that load
    // (resets at a stop, leases at a crash): one engine after the other, with nothing beside them
    // but the release's test and the format check, single processes that fill some of the core
    // the drills leave idle. Beside the server or browser tests they failed for those tests'
    // load, not for the server's (docs/testing.md).
    await Promise.all([
      lane([
        { name: 'drills', command: vitest('drills') },
        { name: 'drills-postgres', command: vitest('drills-postgres') },
      ]),
      lane([
        { name: 'release', command: vitest('release'), quiet: true },
        {
          name: 'format',
          command: node('node_modules/prettier/bin/prettier.cjs', '--check', '.'),
          quiet: true,
        },
      ]),
    ]);
  } finally {
    started.stop();
  }

  const files = readFileSync(totalsFile, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FileTotals);
  rmSync(work, { recursive: true, force: true });
  return printSummary(results, files);
}

process.exitCode = await main();
