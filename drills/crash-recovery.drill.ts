import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../src/test/smtp-sink.js';
import { testEngine } from '../src/test/test-database.js';
import { dropAppDatabase, startApp, type RunningApp } from '../web/e2e/support/app-server.js';
import {
  backgroundWork,
  clientSignedContracts,
  foreignKeyViolations,
  integrityCheck,
  missingAnsweredWrites,
  openAppDatabase,
  sentContracts,
  unfinishedWork,
  type AppDatabase,
  type BackgroundWork,
} from './support/database-checks.js';
import { readLoadLog, recordsOf, type LoadRecord } from './support/load-log.js';
import { startWriteLoad, type LoadProcess } from './support/load-process.js';
import { descendantsOf, reapProcesses } from './support/process-tree.js';
import { forwardSigningTokens } from './support/signing-tokens.js';
import { waitFor } from './support/wait.js';

/**
 * Issue 8 item 4: the server is SIGKILLed in the middle of a write load (drafts, edits, both
 * signatures, sends) while renders and mails are queued, then started again on the same data.
 * Nothing answered with a 2xx may be lost, the file must be sound, and the queued work must
 * finish by itself. In `drills-postgres` the same, with the server on PostgreSQL.
 */
const OWNER = { email: 'crash-owner@drill.test', password: 'secret123', company_name: 'Crash Co' };

const work = mkdtempSync(path.join(tmpdir(), 'tradesign-crash-drill-'));
const dataDir = path.join(work, 'data');
const logFile = path.join(work, 'load.jsonl');
const tokenFile = path.join(work, 'tokens.jsonl');
let sink: SmtpSink | undefined;
let servers: RunningApp[] = [];
let load: LoadProcess | undefined;
let db: AppDatabase | undefined;
const engine = testEngine();
/**
 * On PostgreSQL, work the killed process had claimed is freed only when its lease runs out
 * (another instance might still hold it); a short lease lets the drill wait for that as the
 * product would. On SQLite the restart frees it at once.
 */
const LEASE_SECONDS = 5;

afterAll(async () => {
  await db?.close();
  await load?.kill();
  for (const server of servers) {
    const chromium = descendantsOf(server.pid);
    await server.kill('SIGKILL');
    await reapProcesses(chromium, 0);
  }
  await sink?.stop();
  await dropAppDatabase(dataDir);
  rmSync(work, { recursive: true, force: true });
});

/** Mails carrying this contract's executed copy. */
const signedCopies = (mails: ReceivedMail[], id: number) =>
  mails.filter((mail) =>
    mail.attachments.some((file) => file.filename === `contract-${id}-executed.pdf`),
  );
const signingRequestTo = (mails: ReceivedMail[], address: string) =>
  mails.some(
    (mail) => mail.envelope.to.includes(address) && /\/esign\/[A-Za-z0-9_-]{43}/.test(mail.text),
  );

function describeRun(records: LoadRecord[]): string {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(record.kind, (counts.get(record.kind) ?? 0) + 1);
  const server = servers.at(-1)?.output().split('\n').slice(-40).join('\n') ?? '';
  return `load log: ${JSON.stringify(Object.fromEntries(counts))}, mails received: ${
    sink?.messages.length ?? 0
  }\nload output:\n${load?.output() ?? ''}\nserver output (tail):\n${server}`;
}

it('keeps every answered write and finishes queued renders and mails after a SIGKILL', async () => {
  const started = Date.now();
  mkdirSync(dataDir);
  // Chromium's profile folders go here, so a crash cannot leave them in the real /tmp.
  mkdirSync(path.join(work, 'tmp'));
  sink = await startSmtpSink();
  const env = {
    SMTP_URL: sink.url,
    OLLAMA_HOST: 'http://127.0.0.1:9',
    TMPDIR: path.join(work, 'tmp'),
    ...(engine === 'postgres' ? { WORK_LEASE_SECONDS: String(LEASE_SECONDS) } : {}),
  };
  const first = await startApp(env, { dataDir });
  servers = [first];
  const stopForwarding = forwardSigningTokens(sink, tokenFile);
  load = startWriteLoad({
    url: first.url,
    logFile,
    tokenFile,
    owner: OWNER,
    contracts: 200,
    writers: 2,
    homeowners: 2,
    pauseMs: 150,
    deadlineMs: 90_000,
  });

  // Crash once every kind of write has been answered and an executed copy is being printed
  // (a document job is 'running'): a render and the mails behind it are interrupted too.
  const mails = sink.messages;
  const atCrash = await waitFor(
    'answered drafts, sends and client signatures while a document job runs',
    async () => {
      const records = readLoadLog(logFile);
      if (load?.exitCode() !== null) throw new Error(`the load stopped\n${describeRun(records)}`);
      const signed = recordsOf(records, 'client-sign');
      if (recordsOf(records, 'send').length < 6 || signed.length < 3) return undefined;
      // A read-only look: it takes no write lock and leaves no trace in the file.
      const peek = openAppDatabase(first);
      const queued = await backgroundWork(peek.sql).finally(() => peek.close());
      if (!queued.jobs.running) return undefined;
      const copiesToCome = signed.filter(({ id }) => signedCopies(mails, id).length < 2);
      return { queued, copiesToCome: copiesToCome.map(({ id }) => id) };
    },
    { timeoutMs: 45_000, intervalMs: 50, describe: () => describeRun(readLoadLog(logFile)) },
  );

  // The crash: SIGKILL leaves the server no chance to clean up. Chromium runs in a session of
  // its own and should die with its pipe; any that lingers is killed here and reported.
  const chromium = descendantsOf(first.pid);
  const crashed = await first.kill('SIGKILL');
  expect(crashed.signal).toBe('SIGKILL');
  await load.kill();
  const lingering = await reapProcesses(chromium, 2_000);
  const records = readLoadLog(logFile);
  expect(recordsOf(records, 'done'), 'the load finished before the crash').toHaveLength(0);
  const mailsAtCrash = mails.length;
  const crashedAt = Date.now();

  const second = await startApp(env, { dataDir, port: first.port });
  servers.push(second);
  db = openAppDatabase(second);
  const { sql } = db;
  if (engine === 'sqlite') {
    expect(await integrityCheck(sql)).toBe('ok');
    expect(await foreignKeyViolations(sql)).toEqual([]);
  }
  // PostgreSQL: no file check; its crash safety is the server's own, and it enforces foreign
  // keys on every write, so no row can point nowhere.
  expect(await missingAnsweredWrites(sql, records), describeRun(records)).toEqual([]);

  // The queued renders and mails finish on their own: the interrupted ones included (on
  // PostgreSQL once the killed process's leases have run out).
  let left: BackgroundWork | undefined;
  await waitFor(
    'the document jobs and the outbox to drain',
    async () => {
      left = await backgroundWork(sql);
      return unfinishedWork(left).length === 0 ? true : undefined;
    },
    {
      timeoutMs: 45_000 + (engine === 'postgres' ? LEASE_SECONDS * 1000 : 0),
      intervalMs: 250,
      describe: () => `${left ? unfinishedWork(left).join(', ') : ''}\n${describeRun(records)}`,
    },
  );
  stopForwarding();
  // The worker marks a mail sent after the SMTP server took it: by now the sink has them all.
  const owner = OWNER.email;
  const undelivered: string[] = [];
  for (const { id, client_email: client } of await clientSignedContracts(sql)) {
    const copies = signedCopies(mails, id);
    for (const to of [client, owner]) {
      if (!copies.some((mail) => mail.envelope.to.includes(to))) {
        undelivered.push(`contract ${id}: no executed copy for ${to}`);
      }
    }
  }
  for (const { id, client_email: client } of await sentContracts(sql)) {
    if (!signingRequestTo(mails, client)) undelivered.push(`contract ${id}: no signing request`);
  }
  expect(undelivered, describeRun(records)).toEqual([]);
  // The copies that were still to come at the crash went out after it (checked above).
  expect(atCrash.copiesToCome.length).toBeGreaterThan(0);

  console.info(
    `crash drill: killed after ${recordsOf(records, 'draft').length} drafts, ` +
      `${recordsOf(records, 'send').length} sends, ` +
      `${recordsOf(records, 'client-sign').length} client signatures; ` +
      `queued at the crash: jobs ${JSON.stringify(atCrash.queued.jobs)}, ` +
      `mails ${JSON.stringify(atCrash.queued.mails)}; ` +
      `${chromium.length} Chromium processes at the crash, ${lingering.length} outlived it; ` +
      `${mails.length - mailsAtCrash} mails delivered after the restart; ` +
      `restart to drained ${Date.now() - crashedAt} ms, whole drill ${Date.now() - started} ms ` +
      `(${engine})`,
  );
  await db.close();
  db = undefined;
  await second.stop();
});
