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
import { BARE_ROUTE } from './bare-route.js';

const config = loadConfig(process.env);
const { db } = createDb(path.resolve(config.DATA_DIR, 'app.db'));
await migrateToLatest(db);
const app = await buildApp({ config, db, pdfAvailable: false });
app.get(BARE_ROUTE, () => ({ ok: true }));
app.addHook('onClose', () => db.destroy());
await app.listen({ port: config.PORT, host: config.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
