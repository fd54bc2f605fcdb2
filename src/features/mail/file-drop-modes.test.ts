import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMailTransport } from './transport.js';

let base: string;
let umaskBefore: number;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-drop-modes-'));
  // A plain shell's umask, as a test runner or a server started by hand may have.
  umaskBefore = process.umask(0o022);
});
afterEach(() => {
  process.umask(umaskBefore);
  fs.rmSync(base, { recursive: true, force: true });
});

it('writes a queued mail, which holds a signing link, readable by its owner only', async () => {
  const dataDir = path.join(base, 'data');
  const log = { info: () => undefined, warn: () => undefined };
  const transport = createMailTransport(
    { SMTP_URL: undefined, MAIL_FROM: 'Contracts <no-reply@localhost>', DATA_DIR: dataDir },
    log,
  );
  await transport.send({
    kind: 'signing_request',
    to: 'jane@example.com',
    subject: 'Acme sent you a contract to sign',
    html: '<a href="http://localhost:3000/esign/tok">Review and sign</a>',
    text: 'Review and sign: http://localhost:3000/esign/tok',
    attachments: [],
  });
  transport.close();
  const drop = path.join(dataDir, 'mail');
  const [file] = fs.readdirSync(drop);
  const mode = (entry: string) => (fs.statSync(entry).mode & 0o777).toString(8);
  expect(mode(drop)).toBe('700');
  expect(mode(dataDir)).toBe('700');
  expect(mode(path.join(drop, file ?? ''))).toBe('600');
});
