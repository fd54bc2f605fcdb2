import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.schemas.js';

/**
 * Forgot, reset and change password (issue 34): the call schemas shared by tRPC, REST and the
 * web forms. A new password follows sign-up's rules (`passwordSchema`), word for word.
 */

/** How long an emailed reset link works. */
export const RESET_LINK_HOURS = 1;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** The one answer to "forgot password", whether or not an account uses the email. */
export const forgotPasswordAnswerSchema = z.object({ ok: z.literal(true) });

/** A link's token as it arrives: checked for shape by the service, which calls any other "not valid". */
const resetTokenSchema = z.string({ error: 'Required' }).min(1, 'Required').max(200);

export const resetCheckInputSchema = z.object({ token: resetTokenSchema });

export const resetLinkRefusalSchema = z.enum(['used', 'replaced', 'expired', 'unknown']);

/** Whether a reset link still works, before the person types a new password. */
export const resetCheckAnswerSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    /** The account's address: the form carries it for password managers to save under. */
    email: z.string(),
    expires_at: z.string(),
  }),
  z.object({
    valid: z.literal(false),
    reason: resetLinkRefusalSchema,
    /** What the screen says, and what to do: ask for a new link. */
    message: z.string(),
  }),
]);
export type ResetCheckAnswer = z.infer<typeof resetCheckAnswerSchema>;

export const resetPasswordInputSchema = z.object({
  token: resetTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/**
 * After a reset: signed in with the new password, or, when the account has two-factor sign-in,
 * not (the person signs in with the new password and their authenticator code).
 */
export const resetPasswordAnswerSchema = z.object({
  signed_in: z.boolean(),
  user: z.object({ email: z.string() }).nullable(),
});
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;

export const changePasswordInputSchema = z.object({
  current_password: z
    .string({ error: 'Required' })
    .min(1, 'Required')
    .max(1024, 'Password is too long'),
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** A change refused for a wrong current password: the form shows it under that field. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right. Please try again.';
export const SAME_PASSWORD = 'The new password is the same as the current one. Choose another.';

export const changePasswordAnswerSchema = z.object({
  ok: z.literal(true),
  /** How many other devices were signed out. */
  signed_out_sessions: z.number().int(),
});

const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** The reset screen: the new password, typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: PASSWORDS_DIFFER,
  });

/** Settings → Security's password form: the current one, and the new one twice. */
export const changePasswordFormSchema = z
  .object({
    current_password: changePasswordInputSchema.shape.current_password,
    new_password: passwordSchema,
    confirm: z.string(),
  })
  .refine((form) => form.new_password === form.confirm, {
    path: ['confirm'],
    message: PASSWORDS_DIFFER,
  });
