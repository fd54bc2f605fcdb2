import type { FileTotals } from './totals-reporter';

/** How one step of the test command ended. */
export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  signal?: NodeJS.Signals | null;
}

/** The order legs are listed in, as `npm test` runs them. */
const LEGS = ['unit', 'postgres', 'e2e', 'e2e-postgres', 'release', 'drills', 'drills-postgres'];

const minutes = (seconds: number) =>
  `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/**
 * Prints one line per step and per leg, one total line `N passed, N failed`, and the 20 slowest
 * test files; returns the exit code (1 when anything failed or a leg ran no test at all).
 */
export function printSummary(steps: StepResult[], files: FileTotals[]): number {
  const out: string[] = ['', '=== Summary ===', ''];
  for (const step of steps) {
    const how = step.ok ? 'ok' : `FAILED${step.signal ? ` (${step.signal})` : ''}`;
    out.push(`${step.name.padEnd(22)} ${how.padEnd(10)} ${minutes(step.seconds).padStart(6)}`);
  }
  out.push('');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let emptyLeg = false;
  for (const leg of LEGS) {
    const ofLeg = files.filter((file) => file.project === leg);
    const legPassed = sum(ofLeg, (file) => file.passed);
    const legFailed = sum(ofLeg, (file) => file.failed + (file.fileError ? 1 : 0));
    const legSkipped = sum(ofLeg, (file) => file.skipped);
    if (legPassed + legFailed === 0) emptyLeg = true;
    passed += legPassed;
    failed += legFailed;
    skipped += legSkipped;
    out.push(
      `${leg.padEnd(16)} ${String(legPassed).padStart(5)} passed, ${legFailed} failed, ${legSkipped} skipped (${ofLeg.length} files)`,
    );
  }
  out.push(`${'Total'.padEnd(16)} ${passed} passed, ${failed} failed`);
  // A file that runs on both engines runs its tests twice: the distinct tests are fewer.
  const distinct = new Set(
    files.flatMap((file) => file.tests.map((test) => `${file.file} > ${test}`)),
  );
  out.push(
    `${''.padEnd(16)} (${skipped} skipped, each saying why; ${distinct.size} distinct tests)`,
  );
  // A red run on a clean clone shows only its tail: name what failed where it will be read.
  const failures = files.flatMap((file) =>
    (file.failures ?? []).map(
      (failure) => `  ${file.project.padEnd(16)} ${file.file} > ${failure}`,
    ),
  );
  if (failures.length > 0) out.push('', 'Failed:', ...failures);
  out.push('', 'Slowest test files (import and tests, seconds):');
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
    out.push(`${file.seconds.toFixed(1).padStart(7)}  ${file.project.padEnd(16)} ${file.file}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  const stepsFailed = steps.some((step) => !step.ok);
  return stepsFailed || failed > 0 || emptyLeg ? 1 : 0;
}

function sum(files: FileTotals[], count: (file: FileTotals) => number): number {
  return files.reduce((total, file) => total + count(file), 0);
}
