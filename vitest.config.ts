import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (domain rules and API tests through buildApp on fresh SQLite files) and
 * `e2e` (Playwright in Debian's Chromium against the production build).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/src/**/*.test.ts',
          ],
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
    ],
  },
});
