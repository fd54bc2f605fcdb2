import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's counts, as the totals reporter appends them (one JSON line per file). */
export interface FileTotals {
  project: string;
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  /** The file failed outside its tests (an import, a beforeAll): counted as one failure. */
  fileError: boolean;
  /** Seconds from the file's import to its last test. */
  seconds: number;
  /** Every test's full name, to count distinct tests across the legs that run a file. */
  tests: string[];
  /** Each failed test's full name and the first line of its first error (or the file's). */
  failures: string[];
}

/**
 * A vitest reporter for scripts/test/run-all.ts: appends each file's counts and time to the file
 * named by TRADESIGN_TEST_TOTALS, so the run can print one line per leg and the slowest files.
 */
export default class TotalsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const target = process.env.TRADESIGN_TEST_TOTALS;
    if (!target) return;
    const lines = testModules.map((module) => {
      const count = (state: 'passed' | 'failed' | 'skipped') => [
        ...module.children.allTests(state),
      ];
      const failed = count('failed').length;
      const diagnostic = module.diagnostic();
      const totals: FileTotals = {
        project: module.project.name,
        file: module.relativeModuleId,
        passed: count('passed').length,
        failed,
        skipped: count('skipped').length,
        fileError: failed === 0 && module.state() === 'failed',
        seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
        tests: [...module.children.allTests()].map((test) => test.fullName),
        failures: [
          ...count('failed').map(
            (test) => `${test.fullName}: ${firstLine(test.result().errors?.[0]?.message)}`,
          ),
          ...module.errors().map((error) => `(the file): ${firstLine(error.message)}`),
          ...[...module.children.allSuites()].flatMap((suite) =>
            suite
              .errors()
              .map((error) => `${suite.fullName} (a hook): ${firstLine(error.message)}`),
          ),
        ],
      };
      return JSON.stringify(totals);
    });
    if (lines.length > 0) appendFileSync(target, `${lines.join('\n')}\n`);
  }
}

const firstLine = (message: string | undefined) =>
  (message ?? 'no message').split('\n')[0]?.slice(0, 300) ?? '';
