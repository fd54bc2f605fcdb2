import { z } from 'zod';
import { companyNameSchema, emailSchema, passwordSchema } from './auth.schemas.js';

/** The login form checks the spec's minimum length before calling. */
export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });

export const signupFormSchema = z.object({
  company_name: companyNameSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** Only same-site paths may be a post-login destination: never "//evil.example". */
export function safeRedirectPath(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  return target;
}
