/**
 * `npm run seed:templates -- [--email <address>] [--help]`: installs or updates the shipped
 * contract templates for every account, or one. Safe to run any number of times.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { presetTemplates } from '../db/seeds/preset-templates.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { installPreset } from '../src/features/templates/preset-install.js';
import { listUserIds } from '../src/features/templates/templates.repo.js';

const usage = `Usage: npm run seed:templates -- [--email <address>]

Installs the shipped contract templates (${presetTemplates.map((preset) => preset.name).join(', ')})
for every account, or only the account with --email. Run it again at any time:
  - a template the account does not have is installed (and becomes the default if it has none);
  - a template nobody has edited is updated to the shipped version (its version number goes up);
  - a template the contractor has edited is left as it is.

Uses DATA_DIR (default ./data) like the app. Options:
  --email <address>  only this account
  --help             show this help`;

async function main(): Promise<number> {
  let options: { email?: string; help?: boolean };
  try {
    ({ values: options } = parseArgs({
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (options.help) {
    console.log(usage);
    return 0;
  }

  const config = loadConfig();
  const { db } = createDb(path.resolve(config.DATA_DIR, 'app.db'));
  try {
    await migrateToLatest(db);
    const accounts = await listUserIds(db, options.email);
    if (options.email && accounts.length === 0) {
      console.error(`No account with the email ${options.email}`);
      return 1;
    }
    for (const account of accounts) {
      const outcomes = await db.transaction().execute(async (trx) => {
        const results: string[] = [];
        for (const preset of presetTemplates) {
          results.push(`${preset.name}: ${await installPreset(trx, account.id, preset)}`);
        }
        return results;
      });
      console.log(`${account.email}  ${outcomes.join(', ')}`);
    }
    console.log(`Done: ${accounts.length} account(s).`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
