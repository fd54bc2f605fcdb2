/**
 * `npm run bench:pdf-burst`: how fast sealed copies come out when many clients sign at once
 * (issue 33). Signs `--contracts` contracts (default 20) of `--accounts` contractors (default 2)
 * through the API within a moment, then lets the document worker print and seal them with each
 * `--concurrency` in turn (default "1,<the default>"), each on a copy of the same database and a
 * Chromium of its own, warmed by one print first: a server that has printed before. Prints how
 * long until every copy was sealed, copies a minute, and when each account's first copy was
 * ready. Needs Debian's chromium (or CHROMIUM_PATH).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app/build-app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { startDocumentWorker } from '../../src/features/documents/document-worker.js';
import {
  createPdfRenderer,
  defaultPrintConcurrency,
} from '../../src/features/documents/pdf-renderer.js';
import { MAIL_SEAL_KEY_FILE, mailSealerForDataDir } from '../../src/features/mail/body-seal.js';
import { DEBIAN_CHROMIUM_PATH } from '../../src/lib/chromium.js';
import {
  sendableDraft,
  signedSampleContractHtml,
  TEST_SIGNATURE_PNG,
} from '../../src/test/factories.js';
import { describeMachine } from './machine.js';

const { values } = parseArgs({
  options: {
    contracts: { type: 'string', default: '20' },
    accounts: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: `1,${defaultPrintConcurrency()}` },
  },
});
const bounded = (value: string, most: number) => Math.max(1, Math.min(Number(value) || 1, most));
const contracts = bounded(values.contracts, 200);
const accounts = Math.min(bounded(values.accounts, 50), contracts);
const settings = values.concurrency.split(',').map((value) => bounded(value, 16));
const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM_PATH;
const quiet = {
  info: () => undefined,
  warn: (_details: object, message?: string) => console.warn(message),
};

const dir = mkdtempSync(path.join(tmpdir(), 'tradesign-pdf-burst-'));
try {
  const signed = await signedDatabase(path.join(dir, 'signed'));
  console.log(`Machine: ${describeMachine()}`);
  console.log(
    `${contracts} contracts of ${accounts} accounts signed within ${signed.signingMs.toFixed(0)} ms; ` +
      'each row on a copy of that database, Chromium warmed by one print',
  );
  console.log('');
  console.log(
    '| Pages at once | All sealed, s | Copies a minute | First copy of each account, s |',
  );
  console.log('| ---: | ---: | ---: | --- |');
  for (const concurrency of settings) {
    const run = await sealEverything(
      signed.config,
      path.join(dir, `run-${concurrency}`),
      concurrency,
    );
    console.log(
      `| ${concurrency} | ${(run.ms / 1000).toFixed(1)} | ${((contracts * 60_000) / run.ms).toFixed(0)} | ` +
        `${run.firstByAccount.map((ms) => (ms / 1000).toFixed(1)).join(', ')} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** A database in which `contracts` contracts were signed at once, their copies not yet made. */
async function signedDatabase(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SMTP_URL: '',
  });
  const { db } = createDb(path.join(dataDir, 'app.db'));
  await migrateToLatest(db);
  // No renderer: sending skips the page-count print; signing still queues the sealed copy.
  const app = await buildApp({ config, db, pdfAvailable: true, logLevel: 'silent' });
  try {
    const tokens: string[] = [];
    for (let account = 1; account <= accounts; account += 1) {
      const cookie = await contractor(app, config, account);
      for (let index = account; index <= contracts; index += accounts) {
        tokens.push(await sentContract(app, config, db, cookie, index));
      }
    }
    const started = performance.now();
    const answers = await Promise.all(
      tokens.map((token, index) =>
        call(app, config, 'POST', `/api/esign/${token}`, {
          body: {
            signature: TEST_SIGNATURE_PNG,
            signer_name: `Client ${index + 1}`,
            consent: true,
          },
          address: `10.9.0.${index + 1}`,
        }),
      ),
    );
    const signingMs = performance.now() - started;
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    if (refused.length > 0) throw new Error(`a signature was refused: ${refused[0]?.body}`);
    return { config, signingMs };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** Seals every queued copy with this many pages printing at once; times it. */
async function sealEverything(signedConfig: Config, dataDir: string, concurrency: number) {
  mkdirSync(dataDir, { recursive: true });
  for (const file of ['app.db', MAIL_SEAL_KEY_FILE]) {
    copyFileSync(path.join(signedConfig.DATA_DIR, file), path.join(dataDir, file));
  }
  const { db } = createDb(path.join(dataDir, 'app.db'));
  const renderer = createPdfRenderer({ chromiumPath, log: quiet, concurrency });
  await renderer.render(signedSampleContractHtml());
  const owners = new Map<number, number>();
  for (const row of await db.selectFrom('contracts').select(['id', 'company_id']).execute()) {
    owners.set(row.id, row.company_id);
  }
  const firstByAccount = new Map<number, number>();
  const started = performance.now();
  const worker = startDocumentWorker({
    db,
    renderer,
    publicUrl: signedConfig.PUBLIC_URL,
    log: {
      info: (details: { contractId?: number }) => {
        const owner = details.contractId === undefined ? undefined : owners.get(details.contractId);
        if (owner !== undefined && !firstByAccount.has(owner)) {
          firstByAccount.set(owner, performance.now() - started);
        }
      },
      warn: quiet.warn,
    },
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(dataDir),
  });
  try {
    const sealed = await worker.runOnce();
    const ms = performance.now() - started;
    if (sealed !== contracts) throw new Error(`${sealed} of ${contracts} copies were sealed`);
    return { ms, firstByAccount: [...firstByAccount.values()] };
  } finally {
    await worker.stop();
    await renderer.close();
    await db.destroy();
  }
}

async function call(
  app: FastifyInstance,
  config: Config,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; cookie?: string; address?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      origin: config.PUBLIC_URL,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

async function contractor(app: FastifyInstance, config: Config, account: number) {
  const signup = await call(app, config, 'POST', '/api/auth/signup', {
    body: {
      email: `contractor${account}@burst.example`,
      password: 'burst-password',
      company_name: `Burst Company ${account}`,
    },
  });
  const cookie = /(?:__Host-)?session=[^;]+/.exec(String(signup.headers['set-cookie']))?.[0];
  if (!cookie) throw new Error(`sign-up failed: ${signup.body}`);
  await call(app, config, 'POST', '/api/acceptances', {
    body: { type: 'legal_disclaimer', typed_name: `Contractor ${account}` },
    cookie,
  });
  return cookie;
}

async function sentContract(
  app: FastifyInstance,
  config: Config,
  db: ReturnType<typeof createDb>['db'],
  cookie: string,
  index: number,
): Promise<string> {
  const client = { name: `Client ${index}`, email: `client${index}@burst.example` };
  const draft = await call(app, config, 'POST', '/api/contracts', {
    body: sendableDraft(client, 400_000 + index),
    cookie,
  });
  const { id } = draft.json<{ id: number }>();
  await call(app, config, 'POST', `/api/contracts/${id}/sign-mine`, {
    body: { signature: TEST_SIGNATURE_PNG },
    cookie,
  });
  const sent = await call(app, config, 'POST', `/api/contracts/${id}/send`, {
    body: { client_data: client },
    cookie,
  });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const mail = await db
    .selectFrom('email_outbox')
    .select('text')
    .where('contract_id', '=', id)
    .where('kind', '=', 'signing_request')
    .executeTakeFirstOrThrow();
  const text = mailSealerForDataDir(config.DATA_DIR).open(mail.text ?? '');
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error('no signing link in the queued email');
  return token;
}
