/**
 * The server `npm run bench` measures: the app exactly as `npm start` builds it (same plugins,
 * hooks, logging and database settings, SQLite or PostgreSQL by DATABASE_URL) plus one bare JSON
 * route, the ceiling every other route is compared with. Runs as its own process so the load
 * generator does not share its CPU. The mail and document workers are left out: the measured
 * routes never wait for them.
 */
import { sql } from 'kysely';
import { buildApp } from '../../src/app/build-app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { BARE_ROUTE, CACHE_MISS_HEADER } from './bare-route.js';
import { registerBenchProfiler } from './bench-profiler.js';

const config = loadConfig(process.env);
const { db, engine } = await openDatabase(config, {
  warn: (_details, message) => console.warn(message),
});
await migrateToLatest(db);
const app = await buildApp({ config, db, pdfAvailable: false });
app.get(BARE_ROUTE, () => ({ ok: true }));
if (process.env.BENCH_PROFILER === '1') registerBenchProfiler(app);

// A request carrying CACHE_MISS_HEADER first writes to a table of its own, so every read-cache
// entry misses (src/db/read-cache.ts) while the app's tables are not touched. This measures the
// contracts list as it is read after any write. SQLite: a temporary table (total_changes()
// counts it); PostgreSQL: an unlogged table the bench made (the write takes a transaction id,
// which moves the snapshot every instance checks).
const invalidateReadCache =
  engine === 'postgres'
    ? () => sql`UPDATE bench_cache_miss SET n = n + 1`.execute(db).then(() => undefined)
    : await (async () => {
        await sql`CREATE TEMP TABLE bench_cache_miss (n INTEGER)`.execute(db);
        await sql`INSERT INTO temp.bench_cache_miss VALUES (0)`.execute(db);
        return () =>
          sql`UPDATE temp.bench_cache_miss SET n = n + 1`.execute(db).then(() => undefined);
      })();
app.addHook('onRequest', async (request) => {
  if (request.headers[CACHE_MISS_HEADER] !== undefined) await invalidateReadCache();
});
app.addHook('onClose', () => db.destroy());
await app.listen({ port: config.PORT, host: config.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
