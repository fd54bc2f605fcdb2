import type { ExecutedCopyTiming } from './executed-copy-timing.js';
import type { RouteResult } from './load.js';

const fixed = (value: number, digits = 0) => value.toFixed(digits);

/** Prints the bench's one Markdown table, ready to paste into docs/perf.md. */
export function printTable(run: {
  title: string;
  setup: string;
  results: RouteResult[];
  /** Undefined: this table has no PDF row. */
  pdf?: ExecutedCopyTiming | null;
}): void {
  const bare = run.results[0]?.requestsPerSecond ?? 0;
  console.log('');
  console.log(`${run.title}. ${run.setup}`);
  console.log('');
  console.log('| Route | req/s | p50 ms | p99 ms | × bare | Goal | Met |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- | --- |');
  for (const result of run.results) {
    const ratio = result.ratio ?? (bare > 0 ? result.requestsPerSecond / bare : 0);
    const { p99GoalMs, ratioGoal } = result.route;
    const goals = [
      p99GoalMs === null ? null : `p99 < ${p99GoalMs} ms`,
      ratioGoal === undefined ? null : `≥ ${ratioGoal}× bare (aim 0.5×)`,
    ].filter(Boolean);
    const met =
      (p99GoalMs === null || result.p99Ms < p99GoalMs) &&
      (ratioGoal === undefined || ratio >= ratioGoal) &&
      result.failures === 0;
    const failures = result.failures > 0 ? ` (${result.failures} failed)` : '';
    console.log(
      `| ${result.label} | ${fixed(result.requestsPerSecond)} | ${fixed(result.p50Ms, 1)} | ` +
        `${fixed(result.p99Ms, 1)} | ${fixed(ratio, 2)} | ${goals.join(', ') || 'reported'} | ` +
        `${goals.length === 0 ? 'n/a' : met ? 'yes' : 'NO'}${failures} |`,
    );
  }
  if (run.pdf === undefined) return;
  if (run.pdf) {
    console.log(
      `| Executed copy PDF: print, certificate, merge, seal (median of ${run.pdf.warmRuns} warm; ` +
        `first with Chromium start ${fixed(run.pdf.coldMs)} ms) | | ${fixed(run.pdf.medianWarmMs)} | ` +
        `${fixed(run.pdf.slowestWarmMs)} | | reported | n/a |`,
    );
  } else {
    console.log('| Executed copy PDF | | | | | Chromium not found: not measured | n/a |');
  }
}
