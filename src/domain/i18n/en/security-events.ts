import type { SecurityEventType } from '../../security-events.js';

/** The account's security log in plain words (src/domain/security-events.ts). */
export const securityEvents: Record<SecurityEventType, string> = {
  account_created: 'Account created',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused: wrong password',
  two_factor_failed: 'Sign-in refused: wrong two-step code',
  signed_out: 'Signed out',
  password_reset_requested: 'Password reset link requested',
  password_reset: 'Password reset from an emailed link',
  password_changed: 'Password changed',
  email_change_requested: 'Email change requested',
  email_changed: 'Email address changed',
  email_verified: 'Email address verified',
  two_factor_enabled: 'Two-step sign-in turned on',
  two_factor_disabled: 'Two-step sign-in turned off',
  email_verification_resent: 'Verification link emailed again',
  recovery_codes_replaced: 'New recovery codes made',
  recovery_code_used: 'Recovery code used',
  session_revoked: 'Another session signed out',
  other_sessions_revoked: 'Every other session signed out',
  password_change_failed: 'Password change refused: wrong current password',
  // Issue 35, the team.
  team_invite_sent: 'Invitation to the team sent',
  team_invite_canceled: 'Invitation to the team canceled',
  team_member_joined: 'Joined the team',
  team_role_changed: 'Team role changed',
  team_member_removed: 'Person removed from the team',
  // Issue 36.
  payment_settings_changed: 'Stripe payment settings changed',
};
