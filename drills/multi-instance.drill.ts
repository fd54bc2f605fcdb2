import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../src/test/postgres-cluster.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../src/test/smtp-sink.js';
import { freePort, startApp, type RunningApp } from '../web/e2e/support/app-server.js';
import { sendableDraft } from '../src/test/factories.js';
import { drillClient, SIGNATURE } from './support/contract-payloads.js';
import { callApi, signUpOwner } from './support/owner-api.js';
import { descendantsOf, reapProcesses } from './support/process-tree.js';
import { waitFor } from './support/wait.js';

/**
 * Issue 18: two instances (the server entry `npm start` runs) on one PostgreSQL database behind
 * one PUBLIC_URL, as a load balancer would spread them. Sends through both give one request mail
 * each; ten signatures at once give one success; an instance killed mid-send loses nothing it
 * acknowledged, and the other one delivers its mail once the lease runs out, not before.
 */
const LEASE_SECONDS = 10;
const OWNER = { email: 'owner@multi.drill.test', password: 'secret123', company_name: 'Two Co' };
const HELD = 'held@multi.drill.test';

let cluster: PostgresCluster | undefined;
let sink: SmtpSink;
let env: Record<string, string>;
let ports: number[];
let publicUrl: string;
/** The two instances, on ports[0] and ports[1]; a test that stops one leaves its place empty. */
const servers: (RunningApp | undefined)[] = [];
let cookie: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const admin = new pg.Pool({ connectionString: cluster.url('postgres'), max: 1 });
  await admin.query('CREATE DATABASE tradesign');
  await admin.end();
  sink = await startSmtpSink({ holdFirstTo: [HELD] });
  ports = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  env = {
    DATABASE_URL: cluster.url('tradesign'),
    DATABASE_POOL_SIZE: '5',
    SMTP_URL: sink.url,
    // One key for both, as the README says to set up.
    MAIL_SEAL_KEY: randomBytes(32).toString('base64'),
    WORK_LEASE_SECONDS: String(LEASE_SECONDS),
    PUBLIC_URL: publicUrl,
  };
  // Both start at once: they race to migrate the empty database.
  servers.push(...(await Promise.all(ports.map((port) => startApp(env, { port })))));
  cookie = await signUpOwner(servers[0]!.url, OWNER);
}, 90_000);

/**
 * Both instances, each started again on its port if a test before stopped it: every test starts
 * from two running instances, whatever ran before it.
 */
async function bothInstances(): Promise<[RunningApp, RunningApp]> {
  for (const index of [0, 1]) {
    servers[index] ??= await startApp(env, { port: ports[index]! });
  }
  return [servers[0]!, servers[1]!];
}

afterAll(async () => {
  for (const server of servers) {
    if (!server) continue;
    const chromium = descendantsOf(server.pid);
    await server.kill('SIGKILL');
    await reapProcesses(chromium, 0);
  }
  await sink?.stop();
  cluster?.stop();
});

/** A call to one instance, as the browser behind the balancer makes it (Origin is PUBLIC_URL). */
const call = (
  server: RunningApp,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; expect?: number; headers?: Record<string, string> } = {},
) =>
  callApi(server.url, method, path, {
    cookie,
    ...options,
    headers: { origin: publicUrl, ...options.headers },
  });

async function sendThrough(server: RunningApp, n: number, email?: string): Promise<number> {
  const client = { ...drillClient(n), ...(email ? { email } : {}) };
  const body = sendableDraft(client, 500_000);
  const draft = (await (
    await call(server, 'POST', '/api/contracts', { body, expect: 201 })
  ).json()) as { id: number };
  await call(server, 'POST', `/api/contracts/${draft.id}/sign-mine`, {
    body: { signature: SIGNATURE },
  });
  await call(server, 'POST', `/api/contracts/${draft.id}/send`, { body: { client_data: client } });
  return draft.id;
}

const requestsTo = (address: string) =>
  sink.messages.filter(
    (mail) => mail.envelope.to.includes(address) && /\/esign\/[A-Za-z0-9_-]{43}/.test(mail.text),
  );

const tokenIn = (mail: ReceivedMail) => /\/esign\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';

it('sends 50 contracts through both instances as exactly 50 request mails', async () => {
  const both = await bothInstances();
  const mailsSent = () => both.map((server) => (server.output().match(/mail: sent/g) ?? []).length);
  const sentBefore = mailsSent();
  const numbers = Array.from({ length: 50 }, (_, i) => i + 1);
  await Promise.all(numbers.map((n) => sendThrough(both[n % 2]!, n)));
  const addresses = numbers.map((n) => drillClient(n).email);
  await waitFor(
    'a request mail to each of the 50 clients',
    () => (addresses.every((address) => requestsTo(address).length > 0) ? true : undefined),
    { timeoutMs: 60_000, intervalMs: 250, describe: () => `${sink.messages.length} mails` },
  );
  // A second copy would come within a poll or two (1 s each): give it the time to show.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(addresses.map((address) => requestsTo(address).length)).toEqual(addresses.map(() => 1));
  // Both instances did part of the sending.
  const sentBy = mailsSent().map((count, index) => count - sentBefore[index]!);
  expect(sentBy[0]! + sentBy[1]!).toBe(50);
  expect(
    sentBy.every((count) => count > 0),
    `sent by each: ${sentBy.join(', ')}`,
  ).toBe(true);
}, 120_000);

it('takes one of ten simultaneous signatures spread over both instances', async () => {
  const both = await bothInstances();
  const client = drillClient(201);
  const id = await sendThrough(both[0], 201);
  const mail = await waitFor(
    'the request mail of the contract to sign',
    () => requestsTo(client.email)[0],
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  const token = tokenIn(mail);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      fetch(`${both[i % 2]!.url}/api/esign/${token}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: publicUrl,
          'x-forwarded-for': `10.18.0.${i + 1}`,
        },
        body: JSON.stringify({ signature: SIGNATURE, consent: true }),
      }).then(async (answer) => ({ status: answer.status, body: await answer.text() })),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses, JSON.stringify(answers)).toEqual([200, ...Array<number>(9).fill(409)]);
  expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual(
    Array<string>(9).fill('This contract has already been signed'),
  );
  // One executed copy, sealed by the one key both instances share, mailed once to each party.
  const copies = () =>
    sink.messages.filter((received) =>
      received.attachments.some((file) =>
        new RegExp(`^contract-${id}-executed\\.(pdf|html)$`).test(file.filename),
      ),
    );
  await waitFor(
    'the executed copy to both parties',
    () => (copies().length >= 2 ? true : undefined),
    {
      timeoutMs: 60_000,
      intervalMs: 250,
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(
    copies()
      .map((copy) => copy.envelope.to[0])
      .sort(),
  ).toEqual([OWNER.email, client.email].sort());
}, 120_000);

it('delivers the mail of an instance killed mid-send once its lease ends, and every acknowledged send', async () => {
  // The second instance stops cleanly, so the first alone picks up the next mail and is stuck
  // sending it (the sink reads it and never answers).
  const [first, other] = await bothInstances();
  await other.stop();
  servers[1] = undefined;
  await sendThrough(first, 101, HELD);
  await waitFor(
    'the first instance stuck sending',
    () => (sink.held.length > 0 ? true : undefined),
    {
      timeoutMs: 20_000,
      intervalMs: 100,
    },
  );
  const stuckAt = sink.held[0]!.at;
  // Sends acknowledged while it is stuck: queued behind the stuck mail.
  const acknowledged = [102, 103, 104, 105, 106];
  for (const n of acknowledged) await sendThrough(first, n);

  // Another instance starts while the first still holds the lease: it must leave the mail alone.
  const second = await startApp(env, { port: ports[1]! });
  servers[1] = second;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(requestsTo(HELD)).toHaveLength(0);

  const crashed = await first.kill('SIGKILL');
  expect(crashed.signal).toBe('SIGKILL');
  servers[0] = undefined;

  const addresses = acknowledged.map((n) => drillClient(n).email);
  await waitFor(
    'the stuck mail and every acknowledged send delivered by the survivor',
    () =>
      requestsTo(HELD).length > 0 && addresses.every((address) => requestsTo(address).length > 0)
        ? true
        : undefined,
    { timeoutMs: 60_000, intervalMs: 250, describe: () => second.output().slice(-2000) },
  );
  // Not at the survivor's start: only once the lease had run out.
  const deliveredAt = requestsTo(HELD)[0]!.receivedAt;
  expect(deliveredAt - stuckAt).toBeGreaterThanOrEqual((LEASE_SECONDS - 1) * 1000);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(requestsTo(HELD)).toHaveLength(1);
  expect(addresses.map((address) => requestsTo(address).length)).toEqual(addresses.map(() => 1));
}, 120_000);
