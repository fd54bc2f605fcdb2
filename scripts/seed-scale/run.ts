/**
 * `npm run seed:scale -- <data-dir>`: a database at issue 8's scale (1,000 accounts, 100,000
 * contracts with their events) in a new data folder, to try the app or measure it at size:
 * `DATA_DIR=<data-dir> npm start`, then sign in as contractor1@scale.example.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/features/credentials/password.js';
import { SEEDED_PASSWORD, seedScale } from './seed-scale.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    accounts: { type: 'string', default: '1000' },
    contracts: { type: 'string', default: '100000' },
    heavy: { type: 'string', default: '5000' },
  },
});
const dataDir = positionals[0];
const counts = [values.accounts, values.contracts, values.heavy].map(Number);
if (!dataDir || counts.some((count) => !Number.isInteger(count) || count < 1)) {
  console.error(
    'Usage: npm run seed:scale -- <new data folder> [--accounts 1000] [--contracts 100000] [--heavy 5000]',
  );
  process.exit(2);
}
const file = path.resolve(dataDir, 'app.db');
if (existsSync(file)) {
  console.error(`${file} already exists: seed a new folder, never a database in use.`);
  process.exit(1);
}

const started = performance.now();
const { db, sqlite } = createDb(file);
await migrateToLatest(db);
const [accounts = 0, contracts = 0, heavy = 0] = counts;
const result = seedScale(sqlite, {
  accounts,
  contracts,
  heavyAccountContracts: heavy,
  passwordHash: await hashPassword(SEEDED_PASSWORD, { PASSWORD_HASH_LIGHT: false }),
});
await db.destroy();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Seeded ${file} in ${seconds} s: ${result.accounts} accounts, ${result.contracts} contracts, ` +
    `${result.events} events, ${result.signingLinks} signing links.`,
);
console.log(
  `Sign in as ${result.firstEmail} (${heavy} contracts) or contractor2@scale.example, ` +
    `password "${SEEDED_PASSWORD}".`,
);
