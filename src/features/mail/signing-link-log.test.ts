import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import { DAY_MS, HOUR_MS, movableClock, newestToken } from '../../test/follow-up-flow.js';
import { captureLog, type CapturedLog } from '../../test/mail.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from './body-seal.js';
import { startMailWorker } from './mail-worker.js';
import { logMailWrittenToFile } from './signing-link-log.js';
import { createMailTransport } from './transport.js';

/**
 * Without SMTP_URL every signing link a client is sent is logged as its mail is written to a file
 * (README, Email): the first request's, and each reminder's and new link's too (issue 31).
 */
let t: TestApp;
let log: CapturedLog;
let tokens: { request: string; reminder: string; newLink: string };

beforeAll(async () => {
  const clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp({}, { clock: clock.now });
  const owner = await contractorReadyToSend(t, 'links@example.com');
  const { id, sent, token } = await sendContract(t, owner);
  expect(sent.statusCode).toBe(200);
  clock.advance(2 * HOUR_MS);
  const reminded = await jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });
  expect(reminded.statusCode).toBe(200);
  clock.advance(DAY_MS);
  const extended = await jsonPost(
    t.app,
    `/api/contracts/${id}/extend`,
    { days: 14 },
    { cookie: owner },
  );
  expect(extended.statusCode).toBe(200);
  tokens = {
    request: token,
    reminder: await newestToken(t, id, 'signing_reminder'),
    newLink: await newestToken(t, id, 'signing_new_link'),
  };

  log = captureLog();
  // The app's own mail settings: no SMTP_URL, so mail is written under its DATA_DIR.
  const transport = createMailTransport(t.config, log);
  const worker = startMailWorker({
    db: t.db,
    transport,
    log,
    sealer: mailSealerForDataDir(t.dir),
    pollMs: 60_000,
  });
  try {
    expect(await worker.runOnce()).toBe(3);
  } finally {
    await worker.stop();
    transport.close();
  }
});
afterAll(() => t.close());

describe('signing links without SMTP', () => {
  it('are logged for the first request, a reminder and a new link alike', () => {
    expect(fs.readdirSync(path.join(t.dir, 'mail'))).toHaveLength(3);
    const linkLines = log.lines.filter((line) => line.msg.includes('/esign/'));
    const link = (token: string) =>
      `Signing link for ${TEST_CLIENT.email}: ${t.config.PUBLIC_URL}/esign/${token}`;
    expect(linkLines.map((line) => line.msg).sort()).toEqual(
      [link(tokens.request), link(tokens.reminder), link(tokens.newLink)].sort(),
    );
    // Three links, three tokens: each mail's own link is the one logged.
    expect(new Set(Object.values(tokens)).size).toBe(3);
  });

  it('are logged only for the mails that carry one to the client', () => {
    const lines = captureLog();
    const text = 'Your copy: http://localhost:3000/esign/tok_A-1';
    for (const kind of ['signing_request', 'signing_reminder', 'signing_new_link']) {
      logMailWrittenToFile(lines, { kind, to: 'jane@example.com', subject: kind, text }, 'f.eml');
    }
    logMailWrittenToFile(
      lines,
      { kind: 'signed_copy_client', to: 'jane@example.com', subject: 'Signed', text },
      'g.eml',
    );
    expect(lines.lines.map((line) => line.msg)).toEqual([
      'Signing link for jane@example.com: http://localhost:3000/esign/tok_A-1',
      'Signing link for jane@example.com: http://localhost:3000/esign/tok_A-1',
      'Signing link for jane@example.com: http://localhost:3000/esign/tok_A-1',
      'Mail "Signed" written to file',
    ]);
    expect(lines.lines.map((line) => line.obj)).toEqual([
      { file: 'f.eml' },
      { file: 'f.eml' },
      { file: 'f.eml' },
      { file: 'g.eml' },
    ]);
  });
});
