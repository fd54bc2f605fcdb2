import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The server-side test files that run again on PostgreSQL: those whose tests reach a database
 * through the shared helpers (a test app, a test database, a mail outbox), and the PostgreSQL-only
 * `*.pg.test.ts`. Files that never touch a database (PDF sealing, mail templates, Chromium, pure
 * rules) run once, in `unit`: a second run would test the same code the same way. Read from the
 * files' imports, so a new test of a query runs on both engines without a list to keep.
 */
const databaseHelper =
  /from '(\.\.\/)+test\/(test-app|test-database|mail|contract-flow|change-order-flow|follow-up-flow|webhook-flow)\.js'|from '\.\/(test-app|test-database|mail)\.js'/;
function serverTestFilesOnBothEngines(): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/${file}`)
    .filter(
      (file) => file.endsWith('.pg.test.ts') || databaseHelper.test(readFileSync(file, 'utf8')),
    )
    .sort();
}

/**
 * Test files at once per run: this machine has 2 cores, and vitest's default (cores - 1) would
 * run one file at a time while most of a test's time is spent waiting on argon2, a database,
 * Chromium or a child process. `npm test` runs the projects in the order scripts/test/run-all.ts
 * gives, so this many is the load on the machine at any moment.
 */
const SERVER_TEST_WORKERS = 3;
/**
 * Each browser worker is an app server and a Chromium. Much of a browser test is waiting (on
 * Chromium's paint, a server's argon2, a PDF), so two workers left a quarter of two cores idle;
 * three fill them (docs/testing.md, run 8).
 */
const BROWSER_TEST_WORKERS = 3;

/**
 * The browser tests whose flows run SQL that differs between SQLite and PostgreSQL: lists and
 * their paging, the document worker's claim and the sealed copy's mails, follow-up sweeps (expiry,
 * decline, withdraw, revise), webhooks and API keys, and the first start's migrations. The rest run on SQLite
 * only; docs/testing.md says why, file by file.
 */
const browserFilesOnBothEngines = [
  'web/e2e/contracts-list.e2e.ts',
  'web/e2e/after-sending.e2e.ts',
  'web/e2e/integrator.e2e.ts',
  'web/e2e/signing-journey.e2e.ts',
  'web/e2e/npm-start.e2e.ts',
];

/**
 * Browser tests: one app server, one SMTP sink and one Chromium per worker, shared by the files
 * it runs (web/e2e/support/worker.ts). `isolate: false` keeps the worker's fixtures alive from
 * one file to the next; each test makes its own account, so none sees another's data.
 */
/*
 * A deadline for a server test to show it hangs, not a timing: a sealed copy printed by Chromium,
 * then read by pdfsig and pdftotext, passed 20 s on a half-speed machine with the checks beside it
 * (runs 44 and 45, docs/testing.md).
 */
const SERVER_TEST_DEADLINE_MS = 60_000;

const browserTests = {
  environment: 'node',
  // Deadlines for a failure to show, not timings: a whole signing journey with its sealed PDF took
  // over 60 s on a CI-sized machine that ran at half its usual speed (run 43, docs/testing.md).
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
  isolate: false,
  maxWorkers: BROWSER_TEST_WORKERS,
} as const;

/**
 * Seven projects (docs/testing.md): `unit` (domain rules, the web app's modules, and API tests
 * through buildApp on copies of a migrated SQLite file), `postgres` (the server-side tests that
 * reach a database, again on databases cloned from a migrated template on a throwaway
 * PostgreSQL cluster), `e2e` and `e2e-postgres` (Playwright in Debian's Chromium against the
 * production build, the latter for the flows whose SQL differs), `release` (the release artifact
 * as a server owner uses it), and `drills` and `drills-postgres` (the real server killed, stopped
 * and backed up under load).
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/test/totals-reporter.ts'],
    projects: [
      {
        // The web app's modules import the shared domain as @domain (web/tsconfig.json).
        resolve: { alias: { '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)) } },
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/src/**/*.test.ts',
          ],
          // PostgreSQL-only tests (several instances on one server) run in `postgres`.
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          globalSetup: ['src/test/sqlite-global-setup.ts'],
          environment: 'node',
          testTimeout: SERVER_TEST_DEADLINE_MS,
          maxWorkers: SERVER_TEST_WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'postgres',
          include: serverTestFilesOnBothEngines(),
          // The command line's tests of SQLite files (backup, restore, migrations after a
          // backup, seeding a data folder) run once, in `unit`.
          exclude: ['src/cli/commands/**', 'src/db/backup/**', 'src/db/safe-migrate.test.ts'],
          globalSetup: ['src/test/postgres-global-setup.ts'],
          environment: 'node',
          testTimeout: SERVER_TEST_DEADLINE_MS,
          maxWorkers: SERVER_TEST_WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts'],
          ...browserTests,
        },
      },
      {
        test: {
          name: 'e2e-postgres',
          // Only the flows whose SQL differs between the engines (docs/testing.md).
          include: browserFilesOnBothEngines,
          globalSetup: ['src/test/postgres-global-setup.ts'],
          ...browserTests,
        },
      },
      {
        test: {
          // The release built, unpacked outside the repository and used as a server owner would.
          name: 'release',
          include: ['scripts/release/**/*.release.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'drills',
          include: ['drills/**/*.drill.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each drill loads the machine on purpose: one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'drills-postgres',
          include: ['drills/**/*.drill.ts'],
          // It starts a cluster of its own and runs once, in `drills`.
          exclude: ['drills/multi-instance.drill.ts', '**/node_modules/**'],
          globalSetup: ['src/test/postgres-global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
