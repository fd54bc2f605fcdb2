import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../domain/auth.schemas.js';
import { TEAM_ROLES } from '../../domain/team.js';

/** The team's call schemas (issue 35), shared by the REST routes and their tRPC twins. */

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose owner or member' });

/** A database id in a path: PostgreSQL's integer, so a larger one is a 404, not its error. */
export const teamIdSchema = z.coerce
  .number({ error: 'Not found' })
  .int()
  .positive()
  .max(2_147_483_647);

export const inviteInputSchema = z.object({ email: emailSchema, role: teamRoleSchema });
export type InviteInput = z.infer<typeof inviteInputSchema>;

/** An invitation's token as the link carries it; its shape is checked by the service. */
export const inviteTokenSchema = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .max(200, 'This invitation link is not valid');

export const joinCheckInputSchema = z.object({ token: inviteTokenSchema });

/** A person's name, as the team and the contracts show it ("Sent by Sam Diaz"). */
export const personNameSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Enter your name, as your team will see it')
  .max(80, 'Name is too long (80 characters at most)');

export const joinInputSchema = z.object({
  token: inviteTokenSchema,
  name: personNameSchema,
  password: passwordSchema,
});

export const myNameInputSchema = z.object({ name: personNameSchema });
export type JoinInput = z.infer<typeof joinInputSchema>;

export const roleChangeInputSchema = z.object({ role: teamRoleSchema });

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: teamRoleSchema,
  /** When they last used the app (their newest session), or null. */
  last_seen_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: teamRoleSchema,
  /** Who sent it, by name (or email). */
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInviteSummary = z.infer<typeof teamInviteSchema>;

export const teamAnswerSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Pending only: not accepted, canceled or expired. */
  invites: z.array(teamInviteSchema),
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

export const joinCheckAnswerSchema = z.object({
  company_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  /** True when this email has an account in use: sign in, then accept. */
  has_account: z.boolean(),
});
export type JoinCheckAnswer = z.infer<typeof joinCheckAnswerSchema>;

export const joinAnswerSchema = z.object({
  /** False only for an earlier account with two-step sign-in on: sign in with the code. */
  signed_in: z.boolean(),
  email: z.string(),
});
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;
