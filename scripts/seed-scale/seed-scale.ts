import { createHash, randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';

/** What a seeded database holds; the defaults are issue 8's scale: 1,000 accounts, 100,000 contracts. */
export interface ScaleSeedOptions {
  accounts: number;
  contracts: number;
  /** The first account gets this many contracts (the rest share the remainder evenly). */
  heavyAccountContracts: number;
  /** One argon2 hash shared by every seeded account: hashing 1,000 passwords would take a minute. */
  passwordHash: string;
}

export interface ScaleSeedResult {
  accounts: number;
  contracts: number;
  events: number;
  signingLinks: number;
  firstEmail: string;
}

/** Every seeded account signs in with this password. */
export const SEEDED_PASSWORD = 'scale-password';

export const seededEmail = (index: number) => `contractor${index}@scale.example`;

/** A small deterministic generator: the same seed gives the same database on every machine. */
function randomSequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const EVENTS_BY_STATUS: Record<string, string[]> = {
  draft: ['created', 'updated'],
  sent: ['created', 'signed_by_contractor', 'sent', 'email_sent', 'viewed'],
  signed: ['created', 'signed_by_contractor', 'sent', 'email_sent', 'viewed', 'consented'],
  completed: [
    'created',
    'signed_by_contractor',
    'sent',
    'email_sent',
    'viewed',
    'consented',
    'signed_by_client',
    'completed',
  ],
};

function pickStatus(roll: number): string {
  if (roll < 0.3) return 'draft';
  if (roll < 0.55) return 'sent';
  if (roll < 0.6) return 'signed';
  return 'completed';
}

/** A short but real contract snapshot, so sent contracts carry text like the app's own. */
function snapshotHtml(client: string, cents: number): string {
  const total = (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  return `<article><h1>Landscaping contract</h1><p>Between Scale Landscaping and ${client}.</p>
<h2>Scope of work</h2><ul><li>Install drip irrigation in the front beds</li>
<li>Replace two zone valves</li><li>Haul away debris</li></ul>
<h2>Price</h2><p>Total contract price: ${total}, paid in three stages.</p></article>`;
}

/**
 * Fills a migrated database with accounts, contracts in every status, their audit events and
 * signing links, in one transaction per 5,000 contracts. Writes the tables directly, the way the
 * app's own repositories leave them, because 100,000 drafts through HTTP would take an hour.
 */
export function seedScale(sqlite: SQLite.Database, options: ScaleSeedOptions): ScaleSeedResult {
  const random = randomSequence(20261121);
  const now = Date.now();
  const twoYearsMs = 2 * 365 * 24 * 60 * 60 * 1000;
  const insertCompany = sqlite.prepare('INSERT INTO companies (created_at) VALUES (?)');
  const insertUser = sqlite.prepare(
    'INSERT INTO users (email, password_hash, created_at, company_id) VALUES (?, ?, ?, ?)',
  );
  const insertPreferences = sqlite.prepare(
    `INSERT INTO preferences (company_id, company_name, company_email, company_phone, updated_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertContract = sqlite.prepare(
    `INSERT INTO contracts (company_id, created_by_user_id, sent_by_user_id, status, client_name,
       client_email, scope_raw, total_price_cents, template_html, template_sha256, company_name,
       created_at, updated_at, sent_at, client_signed_at, signers_signed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvent = sqlite.prepare(
    'INSERT INTO contract_events (contract_id, type, at, actor, ip) VALUES (?, ?, ?, ?, ?)',
  );
  // Every sent contract has its one signer (issue 37), and its link is theirs.
  const insertSigner = sqlite.prepare(
    `INSERT INTO contract_signers (contract_id, position, name, email, invited_at, signed_at)
     VALUES (?, 1, ?, ?, ?, ?)`,
  );
  const insertLink = sqlite.prepare(
    `INSERT INTO signing_links (contract_id, signer_id, token_sha256, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  );

  /** Each account is the owner of a company of its own. */
  const accounts: { userId: number; companyId: number }[] = [];
  sqlite.transaction(() => {
    for (let index = 1; index <= options.accounts; index += 1) {
      const createdAt = new Date(now - twoYearsMs - index * 60_000).toISOString();
      const email = seededEmail(index);
      const companyId = Number(insertCompany.run(createdAt).lastInsertRowid);
      const userId = Number(
        insertUser.run(email, options.passwordHash, createdAt, companyId).lastInsertRowid,
      );
      insertPreferences.run(companyId, `Scale Contractor ${index}`, email, '555-0100', createdAt);
      accounts.push({ userId, companyId });
    }
  })();

  const heavy = Math.min(options.heavyAccountContracts, options.contracts);
  const perOtherAccount = Math.floor(
    (options.contracts - heavy) / Math.max(1, accounts.length - 1),
  );
  const owners: { userId: number; companyId: number }[] = [];
  for (const [index, account] of accounts.entries()) {
    const count = index === 0 ? heavy : perOtherAccount;
    for (let n = 0; n < count; n += 1) owners.push(account);
  }
  // Whatever the even split left over goes to the last account.
  const last = accounts.at(-1);
  while (last && owners.length < options.contracts) owners.push(last);

  let events = 0;
  let signingLinks = 0;
  const batch = 5_000;
  for (let start = 0; start < owners.length; start += batch) {
    sqlite.transaction(() => {
      for (const { userId, companyId } of owners.slice(start, start + batch)) {
        const status = pickStatus(random());
        const createdMs = now - Math.floor(random() * twoYearsMs);
        const createdAt = new Date(createdMs).toISOString();
        const sentAt = status === 'draft' ? null : new Date(createdMs + 3_600_000).toISOString();
        const signedAt =
          status === 'signed' || status === 'completed'
            ? new Date(createdMs + 86_400_000).toISOString()
            : null;
        const client = `Client ${Math.floor(random() * 1_000_000)}`;
        const clientEmail = `${client.replace(' ', '.').toLowerCase()}@example.com`;
        const cents = 50_000 + Math.floor(random() * 5_000_000);
        const html = status === 'draft' ? null : snapshotHtml(client, cents);
        const contractId = Number(
          insertContract.run(
            companyId,
            userId,
            sentAt === null ? null : userId,
            status,
            client,
            clientEmail,
            JSON.stringify(['install drip line', 'replace two valves']),
            cents,
            html,
            html ? createHash('sha256').update(html).digest('hex') : null,
            'Scale Landscaping',
            createdAt,
            sentAt ?? createdAt,
            sentAt,
            signedAt,
            signedAt === null ? 0 : 1,
          ).lastInsertRowid,
        );
        for (const [step, type] of (EVENTS_BY_STATUS[status] ?? []).entries()) {
          const at = new Date(createdMs + step * 600_000).toISOString();
          insertEvent.run(contractId, type, at, 'seed@scale.example', '127.0.0.1');
          events += 1;
        }
        if (status !== 'draft') {
          // Tokens nobody knows: the rows exist so lookups run against a full table.
          const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
          const expires = new Date(createdMs + 30 * 86_400_000).toISOString();
          const signerId = Number(
            insertSigner.run(contractId, client, clientEmail, sentAt, signedAt).lastInsertRowid,
          );
          insertLink.run(contractId, signerId, tokenHash, sentAt, expires);
          signingLinks += 1;
        }
      }
    })();
  }
  return {
    accounts: accounts.length,
    contracts: owners.length,
    events,
    signingLinks,
    firstEmail: seededEmail(1),
  };
}
