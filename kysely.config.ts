import path from 'node:path';
import { SqliteDialect } from 'kysely';
import { defineConfig } from 'kysely-ctl';
import { loadConfig } from './src/config.js';
import { openSqlite } from './src/db/kysely.js';
import { migrationProvider } from './src/db/migrate.js';
import { createPostgresDb } from './src/db/postgres.js';

/**
 * `npx kysely migrate:latest --no-outdated-check` / `migrate:down` against DATABASE_URL when it
 * is set, else $DATA_DIR/app.db. The app runs the same migrations by itself at every start.
 */
const config = loadConfig();

export default config.DATABASE_URL
  ? defineConfig({
      kysely: createPostgresDb(config.DATABASE_URL, {
        poolSize: 1,
        onIdleError: (error) => console.error(error.message),
      }),
      migrations: { provider: migrationProvider },
    })
  : defineConfig({
      dialect: new SqliteDialect({ database: openSqlite(path.resolve(config.DATA_DIR, 'app.db')) }),
      migrations: { provider: migrationProvider },
    });
