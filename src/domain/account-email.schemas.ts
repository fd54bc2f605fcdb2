import { z } from 'zod';
import { emailSchema } from './auth.schemas.js';

/**
 * Who may sign up and the sign-in email's verification and change (issue 34,
 * docs/decisions/043): call schemas shared by tRPC, REST and the web forms.
 */

export const SIGNUP_MODES = ['invite', 'open', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** `GET /api/auth/signup-status`: whether the sign-up page shows its form, or why not. */
export const signupStatusSchema = z.object({
  mode: z.enum(SIGNUP_MODES),
  can_sign_up: z.boolean(),
  /** Why nobody can sign up here, and what to do instead; null when the form is open. */
  message: z.string().nullable(),
});
export type SignupStatus = z.infer<typeof signupStatusSchema>;

/** An emailed link's token as it arrives; a malformed one is "not valid", never a 500. */
const linkTokenSchema = z.string({ error: 'Required' }).trim().min(1, 'Required').max(200);

export const verifyEmailInputSchema = z.object({ token: linkTokenSchema });
export const confirmEmailChangeInputSchema = z.object({ token: linkTokenSchema });

export const changeEmailInputSchema = z.object({
  new_email: emailSchema,
  // The current password, checked as a sign-in checks it: no minimum length here either.
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1024, 'Password is too long'),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/** The account's sign-in email after a verification or a confirmed change. */
export const signInEmailAnswerSchema = z.object({
  email: z.string(),
  email_verified: z.literal(true),
});

/** A verification mail was queued: where to, and until when its link works. */
export const verificationSentSchema = z.object({
  sent_to: z.string(),
  expires_at: z.string(),
});
