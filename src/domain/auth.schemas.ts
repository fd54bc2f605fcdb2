import { TEAM_ROLES } from './team.js';
import { z } from 'zod';
import { companyNameField } from './prefs.schemas.js';
import { twoFactorRequiredSchema, twoFactorStatusSchema } from './two-factor.schemas.js';

/** Call schemas for accounts, shared by tRPC, REST and the web forms. */

export const emailSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email address' }))
  .transform((email) => email.toLowerCase());

// 6 is the spec's minimum; 1024 bounds the work argon2 does on a hostile input.
export const passwordSchema = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .min(6, 'At least 6 characters')
  .max(1024, 'Password is too long');

/** Signup asks for the company name with the branding rule. */
export const companyNameSchema = companyNameField;

export const loginInputSchema = z.object({
  email: emailSchema,
  // Login does not enforce the minimum length: old accounts and typos get "Invalid credentials".
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1024, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const signupInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  company_name: companyNameSchema,
});
export type SignupInput = z.infer<typeof signupInputSchema>;

export const currentUserSchema = z.object({
  // Issue 34, two-factor: whether it is on and how many recovery codes are left.
  user: z
    .object({
      id: z.number(),
      email: z.string(),
      /** What the team calls them; null until they give a name (issue 35). */
      name: z.string().nullable(),
      /** What they may do in their company: an owner manages the team, keys and settings. */
      role: z.enum(TEAM_ROLES),
      /** False until an account signed up in `open` mode follows its emailed link (issue 34). */
      email_verified: z.boolean(),
      ...twoFactorStatusSchema.shape,
    })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Signed in; or, for an account with two-step sign-in on, asked for the code next. */
export const loginAnswerSchema = z.union([currentUserSchema, twoFactorRequiredSchema]);
