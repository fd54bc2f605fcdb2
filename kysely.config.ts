import path from 'node:path';
import { SqliteDialect } from 'kysely';
import { defineConfig } from 'kysely-ctl';
import { loadConfig } from './src/config.js';
import { openSqlite } from './src/db/kysely.js';
import { migrationProvider } from './src/db/migrate.js';

/**
 * `npx kysely migrate:latest --no-outdated-check` / `migrate:down` against $DATA_DIR/app.db.
 * The app runs the same migrations by itself at every start.
 */
const config = loadConfig();

export default defineConfig({
  dialect: new SqliteDialect({ database: openSqlite(path.resolve(config.DATA_DIR, 'app.db')) }),
  migrations: { provider: migrationProvider },
});
