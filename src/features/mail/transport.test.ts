import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, createMailTestDb, testMailSealer } from '../../test/mail.js';
import { startMailWorker } from './mail-worker.js';
import { enqueueMail } from './outbox.js';
import { describeSendError, isPermanentSendError } from './send-error.js';
import { findSigningLink } from './signing-link-log.js';
import { createMailTransport, mailFromAddress } from './transport.js';

describe('file drop (no SMTP_URL)', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-drop-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as an .eml file under DATA_DIR/mail and logs the signing link', async () => {
    const { db, close } = await createMailTestDb();
    const log = captureLog();
    const transport = createMailTransport(
      { SMTP_URL: undefined, MAIL_FROM: 'Contracts <no-reply@localhost>', DATA_DIR: dataDir },
      log,
    );
    expect(transport.describe).toContain(path.join(dataDir, 'mail'));
    try {
      const id = await enqueueMail(db, testMailSealer, {
        kind: 'signing_request',
        to: 'jane@example.com',
        subject: 'Acme sent you a contract to sign',
        html: '<a href="http://localhost:3000/esign/tok-abc_123">Review and sign</a>',
        text: 'Review and sign:\nhttp://localhost:3000/esign/tok-abc_123\n',
        attachments: [{ filename: 'note.txt', contentType: 'text/plain', content: 'hi' }],
      });
      const worker = startMailWorker({
        db,
        transport,
        log,
        sealer: testMailSealer,
        pollMs: 60_000,
      });
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();

      const files = fs.readdirSync(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{9}Z-${id}\\.eml$`));
      const raw = fs.readFileSync(path.join(dataDir, 'mail', files[0]!));
      expect(raw.toString('utf8')).toContain('Subject: Acme sent you a contract to sign');
      const parsed = await simpleParser(raw);
      expect(parsed.from?.value).toEqual([{ name: 'Contracts', address: 'no-reply@localhost' }]);
      expect(parsed.html).toContain('http://localhost:3000/esign/tok-abc_123');
      expect(parsed.attachments.map((a) => a.filename)).toEqual(['note.txt']);

      const linkLines = log.lines.filter((line) => line.msg.includes('/esign/'));
      expect(linkLines).toHaveLength(1);
      expect(linkLines[0]?.msg).toContain('http://localhost:3000/esign/tok-abc_123');
    } finally {
      transport.close();
      await close();
    }
  });

  it('logs no link for other mails', async () => {
    const log = captureLog();
    const transport = createMailTransport(
      { SMTP_URL: undefined, MAIL_FROM: 'Contracts <no-reply@localhost>', DATA_DIR: dataDir },
      log,
    );
    await transport.send({
      kind: 'signed_copy_client',
      to: 'jane@example.com',
      subject: 'Signed: Contract #3 with Acme',
      html: '<p>Signed</p>',
      text: 'Signed. Your link: http://localhost:3000/esign/tok',
      attachments: [],
    });
    expect(fs.readdirSync(path.join(dataDir, 'mail'))).toHaveLength(1);
    expect(log.lines.some((line) => line.msg.includes('/esign/'))).toBe(false);
  });
});

describe("a mail's sender in the file drop", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-drop-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the company's name on MAIL_FROM's address and replies to the company, encoded", async () => {
    const transport = createMailTransport(
      { SMTP_URL: undefined, MAIL_FROM: 'Contracts <no-reply@localhost>', DATA_DIR: dataDir },
      captureLog(),
    );
    const company = 'Peña, "El Jardinero" <Hijos>';
    await transport.send({
      kind: 'signing_request',
      to: 'jane@example.com',
      fromName: `${company} via TradeSign`,
      replyTo: { name: company, address: 'oficina@pena.example' },
      subject: 'Peña sent you a contract to sign',
      html: '<p>Sign</p>',
      text: 'Sign',
      attachments: [],
    });
    transport.close();
    const [file] = fs.readdirSync(path.join(dataDir, 'mail'));
    const raw = fs.readFileSync(path.join(dataDir, 'mail', file!));
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([
      { name: `${company} via TradeSign`, address: 'no-reply@localhost' },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: company, address: 'oficina@pena.example' }]);
    // The header section is ASCII (the accent is RFC 2047-encoded), one From and one Reply-To.
    const headers = raw.toString('latin1').split('\r\n\r\n')[0]!;
    expect(headers).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(headers.match(/^From:/gm)).toHaveLength(1);
    expect(headers.match(/^Reply-To:/gm)).toHaveLength(1);
  });

  it('keeps MAIL_FROM as it is without a name of the mail, and has no Reply-To without one', async () => {
    const transport = createMailTransport(
      { SMTP_URL: undefined, MAIL_FROM: 'Contracts <no-reply@localhost>', DATA_DIR: dataDir },
      captureLog(),
    );
    await transport.send({
      kind: 'sign_in_alert',
      to: 'owner@example.com',
      fromName: null,
      replyTo: null,
      subject: 'Unusual sign-in attempts',
      html: '<p>Hi</p>',
      text: 'Hi',
      attachments: [],
    });
    transport.close();
    const [file] = fs.readdirSync(path.join(dataDir, 'mail'));
    const parsed = await simpleParser(fs.readFileSync(path.join(dataDir, 'mail', file!)));
    expect(parsed.from?.value).toEqual([{ name: 'Contracts', address: 'no-reply@localhost' }]);
    expect(parsed.replyTo).toBeUndefined();
  });

  it("reads MAIL_FROM's address with or without a name", () => {
    expect(mailFromAddress('Contracts <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(mailFromAddress('"Acme, Inc." <mail@acme.example>')).toBe('mail@acme.example');
    expect(mailFromAddress('mail@acme.example')).toBe('mail@acme.example');
  });
});

describe('SMTP transport description', () => {
  it('names the server without its credentials', () => {
    const transport = createMailTransport(
      {
        SMTP_URL: 'smtp://mailer:s3cret-pass@mail.example.com:2525',
        MAIL_FROM: 'x@y.z',
        DATA_DIR: '.',
      },
      captureLog(),
    );
    expect(transport.describe).toBe('SMTP smtp://mail.example.com:2525');
    transport.close();
  });
});

describe('send errors', () => {
  const smtpError = (fields: Record<string, unknown>, message = 'failed') =>
    Object.assign(new Error(message), fields);

  it('treats only a 5xx refusal of the recipient or the message as permanent', () => {
    expect(isPermanentSendError(smtpError({ responseCode: 550, command: 'RCPT TO' }))).toBe(true);
    expect(isPermanentSendError(smtpError({ responseCode: 554, command: 'DATA' }))).toBe(true);
    expect(isPermanentSendError(smtpError({ code: 'EENVELOPE', command: 'API' }))).toBe(true);
    // Our configuration, fixable: retry.
    expect(isPermanentSendError(smtpError({ responseCode: 535, command: 'AUTH PLAIN' }))).toBe(
      false,
    );
    expect(isPermanentSendError(smtpError({ responseCode: 553, command: 'MAIL FROM' }))).toBe(
      false,
    );
    expect(isPermanentSendError(smtpError({ responseCode: 451, command: 'RCPT TO' }))).toBe(false);
    expect(isPermanentSendError(smtpError({ code: 'ECONNECTION', command: 'CONN' }))).toBe(false);
    expect(isPermanentSendError('boom')).toBe(false);
  });

  it('keeps credentials and signing tokens out of the stored error', () => {
    const error = smtpError(
      { code: 'EAUTH' },
      'Invalid login for mailer / s3cret-pass at smtp://mailer:s3cret-pass@mail.example.com ' +
        'while sending http://localhost:3000/esign/SECRET-TOKEN',
    );
    const text = describeSendError(error, ['mailer', 's3cret-pass']);
    expect(text).not.toContain('s3cret-pass');
    expect(text).not.toContain('mailer');
    expect(text).not.toContain('SECRET-TOKEN');
    expect(text.startsWith('EAUTH: ')).toBe(true);
    expect(describeSendError(new Error('x'.repeat(1000))).length).toBeLessThanOrEqual(300);
  });

  it('finds the signing link in a text body', () => {
    expect(findSigningLink('Open https://app.example.com/esign/abc_DEF-1 now')).toBe(
      'https://app.example.com/esign/abc_DEF-1',
    );
    expect(findSigningLink('no link here')).toBeNull();
  });
});
