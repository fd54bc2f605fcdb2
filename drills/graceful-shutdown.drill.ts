import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../src/test/test-database.js';
import { backgroundWork, integrityCheck, openAppDatabase } from './support/database-checks.js';
import type { Outcome } from './support/http-probe.js';
import { clientSignedContracts, sentContracts, signUpOwner } from './support/owner-api.js';
import { parseServerLog, startedRequests } from './support/server-log.js';
import { startSteadyLoad } from './support/steady-load.js';
import {
  documentJobs,
  serverStarted,
  slowRequest,
  stopScenario,
  walBytes,
  type StopScenario,
} from './support/stop-scenario.js';
import { waitFor } from './support/wait.js';

/**
 * Issue 8 item 5 and issue 15 item 4: a stop signal while the server is busy. For the drain
 * window (SHUTDOWN_DRAIN_MS) it goes on answering, with Connection: close; requests it has
 * started finish with a real answer; once the listener is closed, new connections are refused
 * and none queued is reset (src/lib/graceful-stop.ts). The workers finish what they hold, the
 * database is closed (the WAL checkpointed away), and the process exits 0 well before the
 * forced exit.
 */
const OWNER = { email: 'stop-owner@drill.test', password: 'secret123', company_name: 'Stop Co' };
/**
 * SQLite only: the WAL file and PRAGMA integrity_check. A PostgreSQL server keeps no WAL file in
 * DATA_DIR and has no integrity check of a database; its crash safety is the server's own.
 */
const sqlite = testEngine() === 'sqlite';
const CONNECTIONS = 20;
/** Requests held in flight over the signal. */
const SLOW = [901, 902, 903];

let scenario: StopScenario;
beforeAll(async () => {
  scenario = await stopScenario();
});
afterAll(async () => {
  await scenario.cleanUp();
});

describe('a stop signal', () => {
  it('under load: finishes requests in flight, refuses new ones, closes the database', async () => {
    const app = await scenario.start('load');
    const cookie = await signUpOwner(app.url, OWNER);
    // The steady load, each request numbered so the server's log says which ones it started.
    const load = startSteadyLoad({
      url: app.url,
      cookie,
      connections: CONNECTIONS,
      firstNumber: 1000,
    });
    const { requests } = load;
    const safety = setTimeout(() => void load.stop(), 60_000);
    await waitFor('the load to warm up', () => (load.answered() >= 200 ? true : undefined), {
      timeoutMs: 20_000,
    });
    // The mail worker busy too: signing requests queued just before the signal. (Chromium is
    // left out here: with it the stop is not clean yet, see the known bug below.)
    await sentContracts(app.url, cookie, [1, 2, 3, 4, 5, 6, 7]);
    // Slow requests surely in flight at the signal; Connection: close, so that only the load's
    // connections stay open (an idle keep-alive connection is a test of its own below).
    const slowAgent = new http.Agent({ keepAlive: false });
    const slow = SLOW.map((n) => slowRequest(slowAgent, app, cookie, n));
    await serverStarted(app, SLOW);

    const signalledAt = Date.now();
    const exit = await app.kill('SIGTERM');
    const stopMs = Date.now() - signalledAt;
    clearTimeout(safety);
    await load.finished;
    const slowOutcomes = await Promise.all(slow);

    const output = app.output();
    const tail = output.slice(-4_000);
    expect(exit, tail).toEqual({ code: 0, signal: null });
    const lines = parseServerLog(output);
    const signalLine = lines.findIndex((line) => line.msg.startsWith('SIGTERM received'));
    expect(signalLine, tail).toBeGreaterThan(-1);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);

    // The slow requests were in flight at the signal and were answered in full.
    const started = startedRequests(lines);
    for (const [index, n] of SLOW.entries()) {
      const entry = started.get(n);
      const when = `request ${n}: ${JSON.stringify(entry)}, signal at line ${signalLine}`;
      expect(entry && entry.at < signalLine && (entry.doneAt ?? 0) > signalLine, when).toBe(true);
      expect(slowOutcomes[index]).toMatchObject({ kind: 'response', status: 200 });
    }
    // No request the server started lost its connection. The others were refused, answered
    // 503, or (the keep-alive race) sent on a connection the server was closing unread.
    const cutOff = requests.filter(
      ({ n, outcome }) => started.has(n) && outcome?.kind !== 'response',
    );
    expect(cutOff).toEqual([]);
    const responses = requests.flatMap(({ outcome }) =>
      outcome?.kind === 'response' ? [outcome] : [],
    );
    expect(responses.filter(({ status }) => ![200, 201, 503].includes(status))).toEqual([]);
    for (const refusal of responses.filter(({ status }) => status === 503)) {
      expect(refusal.connection).toBe('close');
    }

    // Closed cleanly: the last connection's close checkpointed the WAL and removed it (SQLite;
    // PostgreSQL has no WAL file in DATA_DIR).
    if (sqlite) expect(walBytes(app)).toBe(0);
    expect(app.output()).toContain('workers stopped, database closed');
    const db = openAppDatabase(app, { readonly: false });
    let mails: Record<string, number> | undefined;
    try {
      // SQLite only: PostgreSQL has no integrity check of a database; crash safety is its own.
      if (sqlite) expect(await integrityCheck(db.sql)).toBe('ok');
      // The mail worker stopped between mails: none left half-sent.
      const left = await backgroundWork(db.sql);
      expect(left.mails.sending ?? 0).toBe(0);
      mails = left.mails;
      // Exactly the drafts answered 201 exist: none lost, none made by an unanswered request.
      const stored = await db.sql.all<{ client_email: string }>(
        "SELECT client_email FROM contracts WHERE client_email LIKE 'client-%@drill.test'",
      );
      const storedNumbers = stored
        .map((row) => Number(/client-(\d+)@/.exec(row.client_email)?.[1]))
        .filter((n) => n >= 1000)
        .sort((a, b) => a - b);
      const created = requests
        .filter(
          ({ write, outcome }) => write && outcome?.kind === 'response' && outcome.status === 201,
        )
        .map(({ n }) => n);
      expect(storedNumbers).toEqual(created.sort((a, b) => a - b));
    } finally {
      await db.close();
    }

    const count = (kind: Outcome['kind']) =>
      requests.filter(({ outcome }) => outcome?.kind === kind).length;
    const resets = requests.flatMap(({ outcome }) => (outcome?.kind === 'reset' ? [outcome] : []));
    console.info(
      `stop drill: ${requests.length} requests on ${CONNECTIONS} connections; ` +
        `${responses.filter(({ status }) => status < 300).length} answered 2xx, ` +
        `${responses.filter(({ status }) => status === 503).length} answered 503, ` +
        `${count('refused')} refused, ${resets.length} reset unread ` +
        `(${resets.filter(({ reusedSocket }) => reusedSocket).length} on reused connections); ` +
        `${[...started.values()].filter(({ at, doneAt }) => at < signalLine && (doneAt ?? 0) > signalLine).length} ` +
        `in flight at SIGTERM; mails at exit ${JSON.stringify(mails)}; ` +
        `exit 0 after ${stopMs} ms`,
    );
  });

  // Issue 15 item 4: the security review's load, a new connection for every request. Before the
  // drain window, about 19 of 1,600 requests were reset: connections the kernel had accepted,
  // still waiting in the listen queue when the listener closed.
  it('with a new connection per request: answers through the drain window, resets at most 1 in 1,000', async () => {
    const app = await scenario.start('per-request');
    const cookie = await signUpOwner(app.url, OWNER);
    const load = startSteadyLoad({
      url: app.url,
      cookie,
      connections: CONNECTIONS,
      firstNumber: 1000,
      connectionPerRequest: true,
    });
    const safety = setTimeout(() => void load.stop(), 60_000);
    await waitFor('the load to warm up', () => (load.answered() >= 500 ? true : undefined), {
      timeoutMs: 20_000,
    });
    const signalledAt = Date.now();
    const exit = await app.kill('SIGTERM');
    const stopMs = Date.now() - signalledAt;
    clearTimeout(safety);
    await load.finished;
    expect(exit, app.output().slice(-3_000)).toEqual({ code: 0, signal: null });

    const { requests } = load;
    const outcomes = requests.map(({ outcome }) => outcome);
    const resets = outcomes.filter((outcome) => outcome?.kind === 'reset').length;
    const answered = outcomes.flatMap((outcome) => (outcome?.kind === 'response' ? [outcome] : []));
    const lines = parseServerLog(app.output());
    const signalLine = lines.findIndex((line) => line.msg.startsWith('SIGTERM received'));
    const started = startedRequests(lines);
    const afterSignal = requests.filter(({ n }) => {
      const entry = started.get(n);
      return entry !== undefined && entry.at > signalLine;
    });
    console.info(
      `stop drill, a connection per request: ${requests.length} requests, ` +
        `${answered.filter(({ status }) => status === 200).length} answered 200 ` +
        `(${afterSignal.length} of them started after SIGTERM, in the drain window), ` +
        `${answered.filter(({ status }) => status === 503).length} answered 503, ` +
        `${outcomes.filter((outcome) => outcome?.kind === 'refused').length} refused, ` +
        `${resets} reset; exit 0 after ${stopMs} ms`,
    );
    // The drain window kept answering, each answer saying Connection: close.
    expect(afterSignal.length).toBeGreaterThan(0);
    for (const { outcome } of afterSignal) {
      expect(outcome).toMatchObject({ kind: 'response', status: 200, connection: 'close' });
    }
    // At most 1 in 1,000: none at all in fewer than 1,000 requests (how many the drain window
    // adds to the 500 before the signal depends on the machine's load; before the window, about
    // 1 in 80 was reset).
    expect(requests.length).toBeGreaterThan(500);
    expect(resets).toBeLessThanOrEqual(Math.floor(requests.length / 1000));
  });

  // Playwright's own signal handlers would close Chromium under the render (SIGTERM) or exit the
  // process at once (SIGINT); the renderer turns them off and the server stops in its own order.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s with Chromium at work: the render in flight finishes, then the server stops',
    async (signal) => {
      const app = await scenario.start(`render-${signal}`);
      const cookie = await signUpOwner(app.url, OWNER);
      // The first copy starts Chromium (and makes the sealing key); the second is printing
      // when the signal comes. One after the other: copies print side by side (issue 33), so
      // two signed at once could both still be printing, or both be done.
      await clientSignedContracts(app.url, cookie, scenario.sink, [1]);
      await waitFor(
        'the first executed copy done',
        async () =>
          [...(await documentJobs(app))].some(([, job]) => job.status === 'done')
            ? true
            : undefined,
        { timeoutMs: 30_000, intervalMs: 20, describe: () => app.output().slice(-3_000) },
      );
      await clientSignedContracts(app.url, cookie, scenario.sink, [2]);
      const printing = await waitFor(
        'the second executed copy printing',
        async () => [...(await documentJobs(app))].find(([, job]) => job.status === 'running')?.[0],
        { timeoutMs: 30_000, intervalMs: 20, describe: () => app.output().slice(-3_000) },
      );
      const slow = slowRequest(new http.Agent({ keepAlive: false }), app, cookie, 1);
      await serverStarted(app, [1]);
      const exit = await app.kill(signal);
      expect(await slow).toMatchObject({ kind: 'response', status: 200 });
      expect(exit, app.output().slice(-3_000)).toEqual({ code: 0, signal: null });
      // Before opening the file: closing a writable connection would checkpoint the WAL away.
      // SQLite only: PostgreSQL has no WAL file in DATA_DIR.
      if (sqlite) expect(walBytes(app)).toBe(0);
      expect((await documentJobs(app, { readonly: false })).get(printing)).toEqual({
        status: 'done',
        last_error: null,
      });
    },
  );

  // Fastify 5.12 does not reap a keep-alive socket that goes idle once close() began
  // (fastify/fastify#7044): while stopping, answers carry Connection: close and idle sockets are
  // closed, so the stop never waits for the 72 s keep-alive timeout.
  it('is not held up by a keep-alive connection that goes idle during the stop', async () => {
    const app = await scenario.start('idle');
    const cookie = await signUpOwner(app.url, OWNER);
    // A browser keeps its connection open after an answer, for minutes.
    const agent = new http.Agent({ keepAlive: true });
    const answer = slowRequest(agent, app, cookie, 1);
    await serverStarted(app, [1]);
    const exited = app.kill('SIGTERM');
    expect(await answer).toMatchObject({ kind: 'response', status: 200 });
    // Given 5 s (of the 10 s before the forced exit); afterAll kills it if it is still running.
    const exit = await Promise.race([exited, sleep(5_000).then(() => 'still running after 5 s')]);
    agent.destroy();
    expect(exit, app.output().slice(-3_000)).toEqual({ code: 0, signal: null });
    // SQLite only: PostgreSQL has no WAL file in DATA_DIR.
    if (sqlite) expect(walBytes(app)).toBe(0);
  });
});
