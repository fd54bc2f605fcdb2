import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Config } from '../../config.js';
import type { MailAddress } from './mail-sender.js';
import { toMailSendError } from './send-error.js';
import { logMailWrittenToFile } from './signing-link-log.js';

/** The slice of a pino/Fastify logger the mail code uses; `app.log` fits. */
export interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface OutgoingMail {
  /** The outbox row id, when the mail comes from the outbox (names the .eml file). */
  id?: number;
  kind: string;
  to: string;
  /** From's display name in place of MAIL_FROM's; From's address is always MAIL_FROM's. */
  fromName?: string | null;
  replyTo?: MailAddress | null;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  /** Resolves once the server (or the disk) has the mail; rejects with a MailSendError. */
  send(message: OutgoingMail): Promise<void>;
  /** Where mail goes, without credentials, for the start-up log line. */
  describe: string;
  close(): void;
}

export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** Generous for a live server, short enough that a dead one does not stall the queue for long. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 15_000,
  dnsTimeout: 10_000,
};

/** Attachments are always buffers we made: never let nodemailer read a path or fetch a URL. */
const NO_EXTERNAL_CONTENT = { disableFileAccess: true, disableUrlAccess: true };

/** SMTP when SMTP_URL is set; otherwise a file drop under $DATA_DIR/mail (docs/architecture.md). */
export function createMailTransport(config: MailConfig, log: MailLog): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createFileDropTransport(path.resolve(config.DATA_DIR, 'mail'), config.MAIL_FROM, log);
}

function createSmtpTransport(url: string, from: string): MailTransport {
  const parsed = new URL(url);
  const fromAddress = mailFromAddress(from);
  const secrets = [parsed.username, parsed.password].flatMap((part) =>
    part ? [part, decodeURIComponent(part)] : [],
  );
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS, ...NO_EXTERNAL_CONTENT }, { from });
  return {
    describe: `SMTP ${parsed.protocol}//${parsed.host}`,
    async send(message) {
      try {
        await transporter.sendMail(toMailOptions(message, fromAddress));
      } catch (error) {
        throw toMailSendError(error, secrets);
      }
    },
    close: () => transporter.close(),
  };
}

function createFileDropTransport(dir: string, from: string, log: MailLog): MailTransport {
  const fromAddress = mailFromAddress(from);
  // newline 'windows': CRLF line ends, as RFC 5322 wants in an .eml file.
  const composer = createTransport(
    { streamTransport: true, buffer: true, newline: 'windows', ...NO_EXTERNAL_CONTENT },
    { from },
  );
  return {
    describe: `no SMTP_URL: mail is written to ${dir}`,
    async send(message) {
      try {
        const info = await composer.sendMail(toMailOptions(message, fromAddress));
        const stamp = new Date().toISOString().replace(/[-:.]/g, '');
        const name = `${stamp}-${message.id ?? randomUUID().slice(0, 8)}.eml`;
        const file = path.join(dir, name);
        // A queued mail holds a signing link: its owner's only, whatever the umask (issue 33).
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // Written aside then renamed, so a watcher never opens a half-written file.
        await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
        await rename(`${file}.tmp`, file);
        logMailWrittenToFile(log, message, file);
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    close: () => composer.close(),
  };
}

/**
 * MAIL_FROM's address, to show under another name. Only the name may change: the address is the
 * one the operator's domain allows us to send from (SPF, DMARC; docs/decisions/034).
 */
export function mailFromAddress(mailFrom: string): string | null {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first?.address ? first.address : null;
}

function toMailOptions(message: OutgoingMail, fromAddress: string | null) {
  const fromName = message.fromName?.trim();
  return {
    // Address objects, never strings we build: nodemailer quotes and encodes the names.
    ...(fromName && fromAddress ? { from: { name: fromName, address: fromAddress } } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: message.attachments.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
    })),
  };
}
