import type { Config } from '../../config.js';
import { ok, warn, type Finding } from './finding.js';

/**
 * Who may sign up (SIGNUP_MODE, docs/decisions/043), said either way so an operator learns the
 * switch exists; `open` without real mail is a warning, since a new company could never get the
 * link that lets it send.
 */
export function checkSignupMode(
  config: Pick<Config, 'SIGNUP_MODE' | 'SMTP_URL' | 'SIGNUP_EMAILS_VERIFIED'>,
): Finding[] {
  const findings: Finding[] = [];
  switch (config.SIGNUP_MODE) {
    case 'invite':
      findings.push(
        ok(
          'Sign-up: SIGNUP_MODE=invite, only the first account signs up on the web (the person installing TradeSign)',
        ),
      );
      break;
    case 'closed':
      findings.push(
        ok(
          'Sign-up: SIGNUP_MODE=closed, nobody signs up on the web; `tradesign create-owner` makes the first account',
        ),
      );
      break;
    case 'open':
      findings.push(
        config.SMTP_URL
          ? ok(
              'Sign-up: SIGNUP_MODE=open, anyone may sign up a company; each verifies its email before its first send',
            )
          : warn(
              'Sign-up: SIGNUP_MODE=open, but without SMTP_URL the verification links only reach the mail folder, so new companies can never send',
              'set SMTP_URL (see the SMTP line), or SIGNUP_MODE=invite to let only the first account in',
            ),
      );
      break;
  }
  if (config.SIGNUP_EMAILS_VERIFIED) {
    findings.push(
      warn(
        'SIGNUP_EMAILS_VERIFIED=true: new accounts send without proving their email (a setting for tests)',
        'remove SIGNUP_EMAILS_VERIFIED from .env or the service environment',
      ),
    );
  }
  return findings;
}
