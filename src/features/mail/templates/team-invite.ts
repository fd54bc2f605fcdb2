import type { Language } from '../../../domain/i18n/languages.js';
import type { TeamRole } from '../../../domain/team.js';
import { toHeaderText } from '../mail-header.js';
import { companyDateTime, renderParts } from './render.js';
import { teamInviteWords } from './team-invite-words.js';
import { tradeSignBrand, type RenderedMail } from './types.js';

export interface TeamInviteMailInput {
  /** Who invited: their name, or their email until they give one. */
  inviter: string;
  /** The company's name as its settings have it; the words pick a stand-in when it has none. */
  companyName: string | null;
  role: TeamRole;
  /** PUBLIC_URL + /join/<token>: the mail is the one place the token goes. */
  link: string;
  days: number;
  /** ISO time the link stops working. */
  expiresAt: string;
  /** The inviter's language (the invitee has none on file yet). */
  language: Language;
  /** The company's time zone: the expiry is on its clock (UTC when unset). */
  timeZone?: string | null;
}

/** The invitation to join a company's team (issue 35): who invited, to what, and the link. */
export function renderTeamInviteMail(input: TeamInviteMailInput): RenderedMail {
  const words = teamInviteWords[input.language];
  const company = input.companyName ?? words.companyStandIn;
  const subject = toHeaderText(words.subject(input.inviter, company));
  const { html, text } = renderParts(
    'team-invite',
    {
      subject,
      preheader: words.preheader(input.days),
      brand: tradeSignBrand(),
      words,
      intro: words.intro(input.inviter, company),
      role: words.role[input.role],
      link: input.link,
      expires: words.expires(
        input.days,
        companyDateTime(input.expiresAt, input.timeZone, input.language),
      ),
    },
    input.language,
  );
  return { subject, html, text };
}
