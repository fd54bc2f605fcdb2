import type { SecurityEvent } from '@domain/security-events';

/**
 * The facts a line of the security log adds below its words (issue 34, parts A and B), or null.
 * A signed-out session names the device that was signed out: the line's own device is the one
 * that did it, and the two read alike otherwise. A team line names the other person and the
 * role (issue 35).
 */
const roleWord = (role: string) =>
  role === 'owner' ? 'Owner' : role === 'member' ? 'Member' : role;

export function securityEventDetailLine(event: SecurityEvent): string | null {
  const details = event.details ?? {};
  const signedOut = details.signed_out_sessions;
  switch (event.type) {
    case 'session_revoked': {
      if (typeof details.device !== 'string') return null;
      const address = typeof details.address === 'string' ? ` · ${details.address}` : '';
      return `Signed out: ${details.device}${address}`;
    }
    case 'other_sessions_revoked':
    case 'password_changed':
      return typeof signedOut === 'number' && signedOut > 0
        ? `${signedOut === 1 ? '1 other device' : `${signedOut} other devices`} signed out`
        : null;
    case 'password_reset':
      return typeof signedOut === 'number' && signedOut > 0
        ? `${signedOut === 1 ? '1 device' : `${signedOut} devices`} signed out`
        : null;
    case 'team_invite_sent':
    case 'team_invite_canceled':
    case 'team_member_joined':
    case 'team_member_removed':
      return typeof details.email === 'string'
        ? `${details.email}${typeof details.role === 'string' ? ` · ${roleWord(details.role)}` : ''}`
        : null;
    case 'team_role_changed':
      return typeof details.email === 'string' && typeof details.role === 'string'
        ? `${details.email} · now ${roleWord(details.role)}`
        : null;
    case 'payment_settings_changed':
      return typeof details.changed === 'string' ? `Changed: ${details.changed}` : null;
    case 'password_reset_requested':
      return details.link_mailed === false
        ? 'No new link was mailed: enough were sent this hour, and the newest still works'
        : null;
    default:
      return null;
  }
}
