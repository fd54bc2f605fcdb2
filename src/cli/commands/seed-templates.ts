import { presetTemplates } from '../../../db/seeds/preset-templates.js';
import { openDatabase } from '../../db/kysely.js';
import { migrateSafely } from '../../db/safe-migrate.js';
import { installPreset } from '../../features/templates/preset-install.js';
import { listCompaniesByEmail } from '../../features/templates/templates.repo.js';
import { CliError, keepDataPrivate, loadCliConfig } from '../cli-support.js';

export const seedTemplatesHelp = `
Installs the shipped contract templates (${presetTemplates.map((preset) => preset.name).join(', ')})
for every company, or only the company of the account with --email. Run it again at any time:
  - a template the company does not have is installed (and becomes the default if it has none);
  - a template nobody has edited is updated to the shipped version (its version number goes up);
  - a template the contractor has edited is left as it is.
Uses the app's database (DATA_DIR or DATABASE_URL), which it first brings up to date.`;

/** `tradesign seed-templates [--email <address>]`. */
export async function seedTemplatesCommand(options: { email?: string }): Promise<void> {
  const config = loadCliConfig();
  keepDataPrivate(config);
  const opened = await openDatabase(config, {
    warn: (_details, message) => console.warn(message),
  });
  const { db } = opened;
  await migrateSafely(opened, { log: (line) => console.log(line) });
  try {
    const companies = await listCompaniesByEmail(db, options.email);
    if (options.email && companies.length === 0) {
      throw new CliError(`No account with the email ${options.email}`);
    }
    for (const company of companies) {
      // Recorded as made by the person the company is listed under.
      const owner = { companyId: company.companyId, createdBy: company.userId };
      const outcomes = await db.transaction().execute(async (trx) => {
        const results: string[] = [];
        for (const preset of presetTemplates) {
          results.push(`${preset.name}: ${await installPreset(trx, owner, preset)}`);
        }
        return results;
      });
      console.log(`${company.email}  ${outcomes.join(', ')}`);
    }
    console.log(`Done: ${companies.length} compan${companies.length === 1 ? 'y' : 'ies'}.`);
  } finally {
    await db.destroy();
  }
}
