import path from 'node:path';
import { createTransport } from 'nodemailer';
import { describeSendError } from '../../features/mail/send-error.js';
import { fail, ok, warn, type Finding } from './finding.js';

/** Connects (and signs in, when SMTP_URL has a user) without sending anything. */
export async function checkSmtp(
  config: { SMTP_URL?: string | undefined; DATA_DIR: string },
  timeoutMs: number,
): Promise<Finding> {
  if (!config.SMTP_URL) {
    const drop = path.resolve(config.DATA_DIR, 'mail');
    return warn(
      `No SMTP_URL: mails are written as .eml files under ${drop}, so clients get no email`,
      'set SMTP_URL=smtp://user:password@mail.example.com:587 (or smtps://...:465) from your mail provider',
    );
  }
  const url = new URL(config.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  // nodemailer's own defaults when the URL names no port.
  const server = `${url.hostname}:${url.port || (secure ? 465 : 587)}`;
  const secrets = [url.username, url.password].flatMap((part) =>
    part ? [part, decodeURIComponent(part)] : [],
  );
  const transporter = createTransport({
    url: config.SMTP_URL,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  try {
    await transporter.verify();
    return ok(
      `SMTP server at ${server} accepts the connection${url.username ? ' and the sign-in' : ''}`,
    );
  } catch (error) {
    return fail(
      `SMTP server at ${server} does not take mail: ${plainReason(error, secrets, timeoutMs)}`,
      smtpFix(error, secure),
    );
  } finally {
    transporter.close();
  }
}

interface SmtpError {
  code?: unknown;
  /** The system error under nodemailer's own code (ECONNREFUSED under ESOCKET). */
  originalCode?: unknown;
  message?: unknown;
}

/** Network failures in words; anything the server said is shown as it said it, secrets masked. */
function plainReason(error: unknown, secrets: string[], timeoutMs: number): string {
  const { code, originalCode } = (error ?? {}) as SmtpError;
  if (originalCode === 'ECONNREFUSED') return 'the connection was refused (nothing listens there)';
  if (originalCode === 'ENOTFOUND' || code === 'EDNS') return 'the host name is not known';
  if (code === 'ETIMEDOUT') {
    return `no answer within ${timeoutMs / 1000} s (${describeSendError(error, secrets)})`;
  }
  return describeSendError(error, secrets);
}

function smtpFix(error: unknown, secure: boolean): string {
  const { code, message } = (error ?? {}) as SmtpError;
  if (code === 'EAUTH') {
    return 'correct the user name and password in SMTP_URL (many providers want an app password)';
  }
  const text = typeof message === 'string' ? message : '';
  if (code === 'ETLS' || /tls|ssl|wrong version|greeting/i.test(text)) {
    return secure
      ? 'check the port: smtps:// is for port 465; for 587 use smtp:// (STARTTLS)'
      : 'check the port: smtp:// is for 587 or 25 (STARTTLS); for 465 use smtps://';
  }
  return "check the host and port in SMTP_URL against your mail provider's settings, and that no firewall here or at the provider blocks that port";
}
