import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { SmtpSink } from '../../src/test/smtp-sink.js';

/**
 * Signing tokens exist only in the mailed link (the database keeps their hash), so the homeowner
 * side of the load learns them the way a homeowner does: from the mail. The SMTP sink runs in the
 * drill's process and outlives server crashes; this bridge appends each link it receives to a file
 * the load process reads.
 */
export function forwardSigningTokens(sink: SmtpSink, file: string): () => void {
  let forwarded = 0;
  const forward = () => {
    for (; forwarded < sink.messages.length; forwarded += 1) {
      const mail = sink.messages[forwarded];
      const token = mail ? /\/esign\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] : undefined;
      if (!mail || !token) continue;
      for (const to of mail.envelope.to) {
        appendFileSync(file, `${JSON.stringify({ to: to.toLowerCase(), token })}\n`);
      }
    }
  };
  const timer = setInterval(forward, 50);
  return () => {
    clearInterval(timer);
    forward();
  };
}

/** Recipient address -> signing token, from the bridge file (a resent mail carries the same). */
export function readSigningTokens(file: string): Map<string, string> {
  const tokens = new Map<string, string>();
  if (!existsSync(file)) return tokens;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.endsWith('}')) continue;
    const { to, token } = JSON.parse(line) as { to: string; token: string };
    tokens.set(to, token);
  }
  return tokens;
}
