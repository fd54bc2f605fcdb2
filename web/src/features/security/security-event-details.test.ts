import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@domain/security-events';
import { securityEventDetailLine } from './security-event-details';

const line = (type: string, details: SecurityEvent['details']): SecurityEvent => ({
  id: 1,
  type,
  at: '2026-12-02T15:00:00.000Z',
  ip: '127.0.0.1',
  device: 'Chrome on Android',
  details,
  by: null,
});

const line_ = (type: string, details: SecurityEvent['details']) =>
  securityEventDetailLine(line(type, details));

describe('the facts under a security log line', () => {
  it('names the device a revocation signed out, not only the one that did it', () => {
    const revoked = line('session_revoked', { device: 'Safari on iPhone', address: '203.0.113.7' });
    expect(securityEventDetailLine(revoked)).toBe('Signed out: Safari on iPhone · 203.0.113.7');
  });

  it('counts the devices a password change or a reset signed out, and says nothing for none', () => {
    expect(securityEventDetailLine(line('password_changed', { signed_out_sessions: 2 }))).toBe(
      '2 other devices signed out',
    );
    expect(
      securityEventDetailLine(line('other_sessions_revoked', { signed_out_sessions: 1 })),
    ).toBe('1 other device signed out');
    expect(securityEventDetailLine(line('password_reset', { signed_out_sessions: 1 }))).toBe(
      '1 device signed out',
    );
    expect(
      securityEventDetailLine(line('password_changed', { signed_out_sessions: 0 })),
    ).toBeNull();
  });

  it('says when an asked-for reset link was not mailed, and nothing for a sign-in', () => {
    expect(
      securityEventDetailLine(line('password_reset_requested', { link_mailed: false })),
    ).toMatch(/No new link was mailed/);
    expect(
      securityEventDetailLine(line('password_reset_requested', { link_mailed: true })),
    ).toBeNull();
    expect(securityEventDetailLine(line('sign_in', null))).toBeNull();
  });

  it('names the other person and the role on a team line', () => {
    expect(line_('team_invite_sent', { email: 'sam@example.com', role: 'member' })).toBe(
      'sam@example.com · Member',
    );
    expect(
      line_('team_role_changed', {
        email: 'sam@example.com',
        role: 'owner',
        previous_role: 'member',
      }),
    ).toBe('sam@example.com · now Owner');
    expect(line_('team_member_removed', {})).toBeNull();
  });
});
