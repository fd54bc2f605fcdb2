import type { Language } from '../../../domain/i18n/languages.js';
import type { TeamRole } from '../../../domain/team.js';

/**
 * The team invitation's words (issue 35), English and Spanish, in the inviter's language: the
 * invitee has no account yet, so theirs is not known. Kept beside the template rather than in the
 * shared catalogue, so the team feature merges as one folder.
 */
interface TeamInviteWords {
  /** Stands in for a company that has not set its name. */
  companyStandIn: string;
  subject: (inviter: string, company: string) => string;
  preheader: (days: number) => string;
  intro: (inviter: string, company: string) => string;
  role: Record<TeamRole, string>;
  button: string;
  linkLine: string;
  copyLink: string;
  expires: (days: number, until: string) => string;
  haveAccount: string;
  notExpected: string;
}

const en: TeamInviteWords = {
  companyStandIn: 'their company',
  subject: (inviter, company) => `${inviter} invited you to join ${company} on TradeSign`,
  preheader: (days) => `Set your name and password to join. The link works for ${days} days, once.`,
  intro: (inviter, company) =>
    `${inviter} invited you to join ${company} on TradeSign, where the company writes, sends and e-signs its contracts.`,
  role: {
    owner:
      'You are invited as an owner: you will manage the team, the settings and the API keys, and write and send contracts.',
    member:
      'You are invited as a member: you will write, send and follow through the company’s contracts.',
  },
  button: 'Join the team',
  linkLine: 'Join the team here:',
  copyLink: 'If the button does not work, copy this link into your browser:',
  expires: (days, until) =>
    `The link works once, for ${days} days (until ${until}). If it has expired, ask for a new one.`,
  haveAccount:
    'Already have a TradeSign account with this email? Sign in first, then open the link again.',
  notExpected: 'If you did not expect this invitation, ignore this email: nothing happens.',
};

const es: TeamInviteWords = {
  companyStandIn: 'su empresa',
  subject: (inviter, company) => `${inviter} te invitó a unirte a ${company} en TradeSign`,
  preheader: (days) =>
    `Elige tu nombre y contraseña para unirte. El enlace funciona ${days} días, una sola vez.`,
  intro: (inviter, company) =>
    `${inviter} te invitó a unirte a ${company} en TradeSign, donde la empresa redacta, envía y firma electrónicamente sus contratos.`,
  role: {
    owner:
      'Te invitan como propietario: administrarás el equipo, la configuración y las claves de API, y redactarás y enviarás contratos.',
    member:
      'Te invitan como miembro: redactarás, enviarás y darás seguimiento a los contratos de la empresa.',
  },
  button: 'Unirme al equipo',
  linkLine: 'Únete al equipo aquí:',
  copyLink: 'Si el botón no funciona, copia este enlace en tu navegador:',
  expires: (days, until) =>
    `El enlace funciona una sola vez, durante ${days} días (hasta ${until}). Si venció, pide uno nuevo.`,
  haveAccount:
    '¿Ya tienes una cuenta de TradeSign con este correo? Inicia sesión primero y luego abre el enlace otra vez.',
  notExpected: 'Si no esperabas esta invitación, ignora este correo: no pasará nada.',
};

export const teamInviteWords: Record<Language, TeamInviteWords> = { en, es };
