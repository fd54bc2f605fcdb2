import { z } from 'zod';

/**
 * Two-step sign-in (issue 34, docs/decisions/042): a six-digit code from an authenticator app
 * (TOTP: 30-second steps, SHA-1, as every such app does), or one of ten recovery codes. The call
 * schemas here serve tRPC, REST and the web forms.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** When this few recovery codes are left, the screens say to make new ones. */
export const FEW_RECOVERY_CODES = 3;

const CODE_HINT = 'Enter the 6-digit code from your authenticator app';
const RECOVERY_HINT = 'A recovery code is 16 letters and digits, like abcd-efgh-ijkl-mnop';

/** Spaces and dashes are how people copy codes; they are never part of one. */
const withoutSeparators = (text: string) => text.replace(/[\s-]/g, '');

/**
 * A recovery code as typed: any case, with or without its dashes. Base32 has no 0, 1 or 8, so
 * those are read as the letters they are mistaken for.
 */
export function normalizeRecoveryCode(text: string): string {
  return withoutSeparators(text)
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/1/g, 'l')
    .replace(/8/g, 'b');
}

export const totpCodeSchema = z
  .string({ error: 'Required' })
  .max(20, CODE_HINT)
  .transform(withoutSeparators)
  .pipe(z.string().regex(/^\d{6}$/, CODE_HINT));

export const recoveryCodeSchema = z
  .string({ error: 'Required' })
  .max(40, RECOVERY_HINT)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(/^[a-z2-7]{16}$/, RECOVERY_HINT));

/** Proof of the second factor in Settings: a code from the app, or a recovery code. */
export const secondFactorSchema = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .max(40, CODE_HINT)
  .transform((text, context) => {
    const digits = withoutSeparators(text);
    if (/^\d{6}$/.test(digits)) return { kind: 'code' as const, value: digits };
    const recovery = normalizeRecoveryCode(text);
    if (/^[a-z2-7]{16}$/.test(recovery)) return { kind: 'recovery_code' as const, value: recovery };
    context.addIssue({ code: 'custom', message: `${CODE_HINT}, or a recovery code` });
    return z.NEVER;
  })
  .meta({ description: 'A 6-digit code from the authenticator app, or an unused recovery code.' });
export type SecondFactor = z.output<typeof secondFactorSchema>;

export const twoFactorEnableInputSchema = z.object({ code: totpCodeSchema });

/** `POST /api/auth/login/2fa`: exactly one of the two. */
export const twoFactorLoginInputSchema = z
  .object({
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recovery_code === undefined), {
    message: 'Send either code or recovery_code',
  });
export type TwoFactorLoginInput = z.output<typeof twoFactorLoginInputSchema>;

/** Turning it off and replacing the recovery codes ask for the password and a second factor. */
export const twoFactorConfirmInputSchema = z.object({
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1024, 'Password is too long'),
  code: secondFactorSchema,
});
export type TwoFactorConfirmInput = z.output<typeof twoFactorConfirmInputSchema>;

export const twoFactorSetupSchema = z.object({
  /** The key in base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document made by this server. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesAnswerSchema = z.object({
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT).meta({
    description: 'Shown this once: each works once, in place of a code from the app.',
  }),
});
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/** What `GET /api/auth/user` says of it. */
export const twoFactorStatusSchema = z.object({
  two_factor_enabled: z.boolean(),
  /** Unused recovery codes; 0 while two-step sign-in is off. */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const TWO_FACTOR_OFF: TwoFactorStatus = {
  two_factor_enabled: false,
  recovery_codes_left: 0,
};

/**
 * The second step's answer when its pending sign-in is gone (used, replaced, past its 5 minutes):
 * the sign-in screen goes back to the password.
 */
export const SIGN_IN_TIMED_OUT = 'Your sign-in timed out. Enter your email and password again.';

/** The first step's answer when the account has it on: the code is asked next. */
export const twoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true) });

/** `abcdefghijklmnop` as it is shown: `abcd-efgh-ijkl-mnop`. */
export function groupRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A base32 key in groups of four, easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
