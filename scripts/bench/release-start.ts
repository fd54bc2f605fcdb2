/**
 * `npm run bench:start` (issue 21): how soon each way of starting TradeSign answers its first
 * request, and how much memory it holds at idle. The two ways are the release's `./tradesign
 * start` (one pre-bundled file on the bundled Node) and the source tree's `node --import tsx
 * scripts/tradesign.ts start` (what `npm start` runs, TypeScript compiled on the fly).
 *
 * Start-up: spawn, then `GET /` every 5 ms until it answers 200; the time counts from just
 * before the spawn. Once on a fresh DATA_DIR (the database is created and migrated), then again
 * on the same folder (a restart). Memory: --idle-seconds after the first answer, with no request
 * since, VmRSS of the node process and of any process under it. Only 127.0.0.1, bounded loops, no
 * assertions. Options: --runs 7 (starts of each kind), --memory-runs 3, --idle-seconds 30 (V8
 * gives back the heap left over from start-up within 10 to 20 s of quiet; at 10 s it is half the
 * time still held).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../src/test/free-port.js';
import { isWebBuildStale } from '../web-build.js';
import { describeMachine } from './machine.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'memory-runs': { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '30' },
  },
});
const bounded = (value: string, max: number) => Math.max(1, Math.min(Number(value) || 1, max));
const runs = bounded(values.runs, 50);
const memoryRuns = bounded(values['memory-runs'], 20);
const idleSeconds = bounded(values['idle-seconds'], 300);

/** A server that has not answered within this long has failed; the run stops there. */
const START_DEADLINE_MS = 60_000;
const POLL_INTERVAL_MS = 5;
const REQUEST_TIMEOUT_MS = 500;
const STOP_DEADLINE_MS = 30_000;
const GOAL_FIRST_ANSWER_MS = 1_000;
const GOAL_IDLE_RSS_MB = 120;

const root = path.resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const releaseName = `tradesign-${version}-linux-${process.arch}`;
const releaseFolder = path.join(root, 'dist', releaseName);

interface Way {
  label: string;
  command: string;
  args: string[];
  cwd: string;
}

const ways: Way[] = [
  {
    label: '`./tradesign start` (release)',
    command: path.join(releaseFolder, 'tradesign'),
    args: ['start'],
    cwd: releaseFolder,
  },
  {
    // node itself, not npm, so the spawned pid is the server's (npm would add a process).
    label: '`npm start` (node --import tsx)',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/tradesign.ts', 'start'],
    cwd: root,
  },
];

interface Started {
  child: ChildProcess;
  firstAnswerMs: number;
}

interface WayFigures {
  cold: number[];
  warm: number[];
  idleRssMb: number[];
  peakRssMb: number[];
  /** Processes found under the server at idle, as "name (MB)". */
  children: string[];
}

if (!existsSync(path.join(releaseFolder, 'tradesign'))) {
  console.error(`No release at dist/${releaseName}/: run npm run release first.`);
  process.exit(1);
}
// `npm start` would build the web app first when it is stale; that is not start-up time.
if (isWebBuildStale()) {
  console.error('web/dist is missing or older than its sources: run npm run build first.');
  process.exit(1);
}

const figures = new Map<Way, WayFigures>(
  ways.map((way) => [way, { cold: [], warm: [], idleRssMb: [], peakRssMb: [], children: [] }]),
);
const dataDirs: string[] = [];
const running = new Set<ChildProcess>();
const loadBefore = os.loadavg()[0] ?? 0;

try {
  // One unmeasured start of each way: the OS file cache and tsx's transform cache are then warm,
  // as on every start after the first one following an install or update.
  for (const way of ways) await stop((await start(way, freshDataDir())).child);

  // The ways take turns within each run, so a busy moment on the machine hits both alike.
  for (let run = 1; run <= runs; run += 1) {
    for (const way of ways) {
      console.error(`Run ${run}/${runs}: ${way.label}, fresh data folder, then a restart...`);
      const dataDir = freshDataDir();
      const cold = await start(way, dataDir);
      await stop(cold.child);
      const warm = await start(way, dataDir);
      await stop(warm.child);
      figures.get(way)?.cold.push(cold.firstAnswerMs);
      figures.get(way)?.warm.push(warm.firstAnswerMs);
    }
  }

  for (let run = 1; run <= memoryRuns; run += 1) {
    for (const way of ways) {
      console.error(`Memory ${run}/${memoryRuns}: ${way.label}, ${idleSeconds} s idle...`);
      const started = await start(way, freshDataDir());
      await sleep(idleSeconds * 1000);
      const pid = started.child.pid ?? 0;
      // The launcher execs node, so the spawned pid must now be node's own.
      const name = readProc(pid, 'comm').trim();
      if (name !== 'node') throw new Error(`pid ${pid} is ${name}, not node: RSS not measured`);
      const status = readProc(pid, 'status');
      const entry = figures.get(way);
      entry?.idleRssMb.push(statusMb(status, 'VmRSS'));
      entry?.peakRssMb.push(statusMb(status, 'VmHWM'));
      for (const child of descendants(pid)) {
        const childMb = statusMb(readProc(child, 'status'), 'VmRSS');
        entry?.children.push(`${readProc(child, 'comm').trim()} (${childMb.toFixed(0)} MB)`);
      }
      await stop(started.child);
    }
  }

  printResults();
} finally {
  for (const child of running) await stop(child);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tradesign-bench-start-'));
  dataDirs.push(dir);
  return dir;
}

/** Spawns one way on `dataDir` and a free port; resolves at its first 200 to `GET /`. */
async function start(way: Way, dataDir: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: '',
  };
  // SQLite in DATA_DIR on both ways, whatever the shell running the bench has set.
  delete env.DATABASE_URL;
  let stderrTail = '';
  const startedAt = performance.now();
  const child = spawn(way.command, way.args, {
    cwd: way.cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  // A spawn that fails (the release folder replaced under the bench) ends the wait below.
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-2_000);
  });
  const exited = () =>
    spawnError !== undefined || child.exitCode !== null || child.signalCode !== null;
  while (performance.now() - startedAt < START_DEADLINE_MS) {
    if (exited()) break;
    if ((await statusOf(port)) === 200) {
      return { child, firstAnswerMs: performance.now() - startedAt };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  if (spawnError) {
    running.delete(child);
    throw new Error(`${way.label} could not be started: ${spawnError.message}`);
  }
  await stop(child);
  throw new Error(
    `${way.label} did not answer GET / within ${START_DEADLINE_MS / 1000} s` +
      (stderrTail ? `; its last output:\n${stderrTail}` : ''),
  );
}

/** One `GET /` on its own connection: the status, or null when nothing answered in time. */
function statusOf(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/', agent: false, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? null);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** SIGTERM and wait for the exit; SIGKILL if the clean stop takes too long. */
async function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  // No pid: the spawn itself failed, so there is nothing to stop (and no 'exit' will come).
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`pid ${child.pid} did not stop within ${STOP_DEADLINE_MS / 1000} s: SIGKILL`);
    child.kill('SIGKILL');
  }, STOP_DEADLINE_MS);
  await exited;
  clearTimeout(timer);
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** A `kB` line of /proc/<pid>/status, in MB (MiB). */
function statusMb(status: string, field: string): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return Number(kb ?? 0) / 1024;
}

/** Every process under `pid`, from the kernel's per-thread children lists; bounded depth. */
function descendants(pid: number, depth = 0): number[] {
  if (depth > 5) return [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) =>
    readProc(pid, `task/${task}/children`).split(/\s+/).filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendants(child, depth + 1)]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** "median (min–max)", rounded to whole units. */
function spread(values: number[]): string {
  const low = Math.min(...values).toFixed(0);
  const high = Math.max(...values).toFixed(0);
  return `${median(values).toFixed(0)} (${low}–${high})`;
}

/** A Markdown table ready to paste into docs/perf.md; the goals are the release's. */
function printResults(): void {
  const [release, source] = ways.map((way) => figures.get(way)) as [WayFigures, WayFigures];
  const met = (ok: boolean) => (ok ? 'yes' : 'NO');
  const childCell = (entry: WayFigures) => entry.children.join(', ') || 'none';
  const rows = [
    [
      `First answered \`GET /\`, fresh DATA_DIR (database created and migrated), ms, median of ${runs} (min–max)`,
      spread(release.cold),
      spread(source.cold),
      `< ${GOAL_FIRST_ANSWER_MS} ms`,
      met(median(release.cold) < GOAL_FIRST_ANSWER_MS),
    ],
    [
      `First answered \`GET /\`, restart on the same DATA_DIR, ms, median of ${runs} (min–max)`,
      spread(release.warm),
      spread(source.warm),
      `< ${GOAL_FIRST_ANSWER_MS} ms`,
      met(median(release.warm) < GOAL_FIRST_ANSWER_MS),
    ],
    [
      `RSS of the node process, ${idleSeconds} s idle after the first answer, MB, median of ${memoryRuns} (min–max)`,
      spread(release.idleRssMb),
      spread(source.idleRssMb),
      `< ${GOAL_IDLE_RSS_MB} MB`,
      met(median(release.idleRssMb) < GOAL_IDLE_RSS_MB),
    ],
    [
      'Peak RSS until then (VmHWM), MB, median',
      median(release.peakRssMb).toFixed(0),
      median(source.peakRssMb).toFixed(0),
      'reported',
      'n/a',
    ],
    [
      'Child processes at idle (Chromium starts with the first PDF)',
      childCell(release),
      childCell(source),
      'none',
      met(release.children.length === 0),
    ],
  ];
  console.log(`Machine: ${describeMachine()}; load average before the runs ${loadBefore}`);
  console.log(`Release: dist/${releaseName}/ (MB = MiB, from /proc/<pid>/status)`);
  console.log('');
  console.log('| Measure | `./tradesign start` | `npm start` | Goal (release) | Met |');
  console.log('| --- | ---: | ---: | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
