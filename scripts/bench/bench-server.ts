/**
 * The server `npm run bench` measures: the app exactly as `npm start` builds it (same plugins,
 * hooks, logging and database settings) plus one bare JSON route, the ceiling every other route
 * is compared with. Runs as its own process so the load generator does not share its CPU.
 * The mail and document workers are left out: the measured routes never wait for them.
 */
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { BARE_ROUTE, CACHE_MISS_HEADER } from './bare-route.js';

const config = loadConfig(process.env);
const { db, sqlite } = createDb(path.resolve(config.DATA_DIR, 'app.db'));
await migrateToLatest(db);
const app = await buildApp({ config, db, pdfAvailable: false });
app.get(BARE_ROUTE, () => ({ ok: true }));

// A request carrying CACHE_MISS_HEADER first changes a row of a temporary table: SQLite counts it
// in total_changes(), so every read-cache entry misses (src/db/read-cache.ts), while the database
// file is not touched. This measures the contracts list as it is read after any write.
sqlite.exec(
  'CREATE TEMP TABLE bench_cache_miss (n INTEGER); INSERT INTO bench_cache_miss VALUES (0)',
);
const invalidateReadCache = sqlite.prepare('UPDATE temp.bench_cache_miss SET n = n + 1');
app.addHook('onRequest', (request, _reply, done) => {
  if (request.headers[CACHE_MISS_HEADER] !== undefined) invalidateReadCache.run();
  done();
});
app.addHook('onClose', () => db.destroy());
await app.listen({ port: config.PORT, host: config.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
