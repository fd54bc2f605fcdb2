import type { securityEvents as english } from '../en/security-events.js';

/** El registro de seguridad de la cuenta, en palabras sencillas. */
export const securityEvents: typeof english = {
  account_created: 'Cuenta creada',
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Inicio de sesión rechazado: contraseña incorrecta',
  two_factor_failed: 'Inicio de sesión rechazado: código de verificación en dos pasos incorrecto',
  signed_out: 'Cierre de sesión',
  password_reset_requested: 'Se solicitó un enlace para restablecer la contraseña',
  password_reset: 'Contraseña restablecida con un enlace enviado por correo electrónico',
  password_changed: 'Contraseña cambiada',
  email_change_requested: 'Se solicitó un cambio de correo electrónico',
  email_changed: 'Correo electrónico cambiado',
  email_verified: 'Correo electrónico verificado',
  email_verification_resent: 'Se volvió a enviar el enlace de verificación',
  two_factor_enabled: 'Verificación en dos pasos activada',
  two_factor_disabled: 'Verificación en dos pasos desactivada',
  recovery_codes_replaced: 'Se generaron nuevos códigos de recuperación',
  recovery_code_used: 'Se usó un código de recuperación',
  session_revoked: 'Se cerró otra sesión',
  other_sessions_revoked: 'Se cerraron todas las demás sesiones',
  password_change_failed: 'Cambio de contraseña rechazado: contraseña actual incorrecta',
  // Issue 35, el equipo.
  team_invite_sent: 'Se envió una invitación al equipo',
  team_invite_canceled: 'Se canceló una invitación al equipo',
  team_member_joined: 'Se unió al equipo',
  team_role_changed: 'Se cambió un rol del equipo',
  team_member_removed: 'Se quitó a una persona del equipo',
  payment_settings_changed: 'Se cambió la configuración de pagos con Stripe',
};
