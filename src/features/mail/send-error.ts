import { redactUrl } from '../../lib/logger.js';

/**
 * A failed send as the worker sees it: a short message that is safe to store and show, and
 * whether trying again can help.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    /** True when the receiving server refused this very message or recipient for good. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** What nodemailer puts on its errors (smtp-connection's _formatError). */
interface NodemailerErrorFields {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/**
 * Permanent only when the server rejected the recipient or the message itself with a 5xx reply
 * (550 no such user, 552/554 content refused), or nodemailer refused the address before sending.
 * A 5xx to AUTH or MAIL FROM is our configuration (a wrong password, an unverified sender): fixing
 * it must let the queued mails go, so those are retried like 4xx replies and network errors.
 */
export function isPermanentSendError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode, command } = error as NodemailerErrorFields;
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return command === 'RCPT TO' || command === 'DATA';
  }
  return code === 'EENVELOPE' && command === 'API';
}

const MAX_ERROR_LENGTH = 300;

/**
 * One line for `last_error` and the logs: no credentials (those of SMTP_URL are masked wherever the
 * server echoed them, and any user:pass@ in a URL), no signing tokens, bounded length.
 */
export function describeSendError(error: unknown, secrets: readonly string[] = []): string {
  let text = error instanceof Error ? error.message : String(error);
  const code = (error as NodemailerErrorFields | null)?.code;
  if (typeof code === 'string' && !text.includes(code)) text = `${code}: ${text}`;
  for (const secret of secrets) {
    // Very short values would mask unrelated text and hide nothing worth hiding.
    if (secret.length >= 3) text = text.split(secret).join('***');
  }
  text = redactUrl(text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@'));
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_LENGTH) || 'unknown error';
}

/** Converts whatever a transport threw into a MailSendError. */
export function toMailSendError(error: unknown, secrets: readonly string[] = []): MailSendError {
  if (error instanceof MailSendError) return error;
  return new MailSendError(describeSendError(error, secrets), isPermanentSendError(error));
}
