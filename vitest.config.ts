import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Six projects: `unit` (domain rules and API tests through buildApp on fresh SQLite files),
 * `postgres` (every server-side test under src/ again, each app on a fresh database of a throwaway
 * PostgreSQL cluster: src/test/postgres-global-setup.ts),
 * `e2e` (Playwright in Debian's Chromium against the production build) and `drills` (the real
 * server process killed, stopped and backed up under load), each on SQLite, and `e2e-postgres`
 * and `drills-postgres`: the same browser tests and drills with the server on a fresh database of
 * a throwaway cluster (DATABASE_URL, set by web/e2e/support/app-server.ts).
 */
export default defineConfig({
  test: {
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
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'postgres',
          include: ['src/**/*.test.ts'],
          // Rules without a database run once, in `unit`; so do the command line's tests of
          // SQLite files (backup, restore, migrations after a backup, seeding a data folder).
          exclude: [
            'src/domain/**',
            'src/cli/commands/**',
            'src/db/backup/**',
            'src/db/safe-migrate.test.ts',
          ],
          globalSetup: ['src/test/postgres-global-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser and one server: files run one after another.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-postgres',
          include: ['web/e2e/**/*.e2e.ts'],
          globalSetup: ['src/test/postgres-global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
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
