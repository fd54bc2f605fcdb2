import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from '../../db/migrations/202611211230_accounts.js';
import * as templatesBrandingLegal from '../../db/migrations/202611211300_templates_branding_legal.js';
import * as contracts from '../../db/migrations/202611211400_contracts.js';
import * as outboxAndSigningLinks from '../../db/migrations/202611211500_outbox_and_signing_links.js';
import * as executedCopies from '../../db/migrations/202611211600_executed_copies.js';
import * as contractSectionsIndex from '../../db/migrations/202611211700_contract_sections_index.js';
import * as followThrough from '../../db/migrations/202611251000_follow_through.js';
import * as severalInstances from '../../db/migrations/202611260900_several_instances.js';
import * as apiKeys from '../../db/migrations/202611261000_api_keys.js';
import * as webhooks from '../../db/migrations/202611261100_webhooks.js';
import * as contractLanguage from '../../db/migrations/202611271000_contract_language.js';
import * as documentLanguage from '../../db/migrations/202611281000_document_language.js';
import * as contractSearch from '../../db/migrations/202611281100_contract_search.js';
import * as mailReplyTo from '../../db/migrations/202611281200_mail_reply_to.js';
import * as companyTimeZone from '../../db/migrations/202611281300_company_time_zone.js';
import * as consentAndHomeSale from '../../db/migrations/202611290100_consent_and_home_sale.js';
import * as clientMailLimits from '../../db/migrations/202611300100_client_mail_limits.js';
import * as accountSecurity from '../../db/migrations/202612010100_account_security.js';
import * as companies from '../../db/migrations/202612020100_companies.js';
import * as payments from '../../db/migrations/202612030100_payments.js';
import * as contractSigners from '../../db/migrations/202612040100_contract_signers.js';
import * as changeOrders from '../../db/migrations/202612050100_change_orders.js';
import * as sealRecord from '../../db/migrations/202612060100_seal_record.js';
import * as offlineDrafts from '../../db/migrations/202612070100_offline_drafts.js';
import * as rateLimitsWithoutRowid from '../../db/migrations/202612080100_rate_limits_without_rowid.js';

/**
 * Every migration, imported explicitly (oldest first), so they load the same way under tsx,
 * vitest and kysely-ctl, with no directory scanning at start. A test checks that each file in
 * db/migrations is listed here.
 */
export const migrations: Record<string, Migration> = {
  '202611211230_accounts': accounts,
  '202611211300_templates_branding_legal': templatesBrandingLegal,
  '202611211400_contracts': contracts,
  '202611211500_outbox_and_signing_links': outboxAndSigningLinks,
  '202611211600_executed_copies': executedCopies,
  '202611211700_contract_sections_index': contractSectionsIndex,
  '202611251000_follow_through': followThrough,
  '202611260900_several_instances': severalInstances,
  '202611261000_api_keys': apiKeys,
  '202611261100_webhooks': webhooks,
  '202611271000_contract_language': contractLanguage,
  '202611281000_document_language': documentLanguage,
  '202611281100_contract_search': contractSearch,
  '202611281200_mail_reply_to': mailReplyTo,
  '202611281300_company_time_zone': companyTimeZone,
  '202611290100_consent_and_home_sale': consentAndHomeSale,
  '202611300100_client_mail_limits': clientMailLimits,
  '202612010100_account_security': accountSecurity,
  '202612020100_companies': companies,
  '202612030100_payments': payments,
  '202612040100_contract_signers': contractSigners,
  '202612050100_change_orders': changeOrders,
  '202612060100_seal_record': sealRecord,
  '202612070100_offline_drafts': offlineDrafts,
  '202612080100_rate_limits_without_rowid': rateLimitsWithoutRowid,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Brings the schema up to date; runs at every start. Throws with the failing migration's name. */
export async function migrateToLatest<Schema>(
  db: Kysely<Schema>,
  list: Record<string, Migration> = migrations,
): Promise<string[]> {
  const provider =
    list === migrations ? migrationProvider : { getMigrations: () => Promise.resolve(list) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration failed${name}: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
