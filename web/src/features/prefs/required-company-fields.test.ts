import { onboardingInputSchema, updatePrefsInputSchema } from '@domain/prefs.schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredCompanyFields } from './required-company-fields';

describe('the company fields a form marks required', () => {
  it('are exactly those its schema refuses empty', () => {
    const schema = z.object({
      company_phone: z.string().min(1, 'Required'),
      company_email: z.string().optional(),
    });
    expect(requiredCompanyFields(schema)).toEqual({ phone: true, email: false });
  });

  it('include the phone at onboarding and in Branding alike (issue 31)', () => {
    expect(requiredCompanyFields(onboardingInputSchema).phone).toBe(true);
    expect(requiredCompanyFields(updatePrefsInputSchema).phone).toBe(true);
  });

  it('include the email only at onboarding, as the spec asks', () => {
    expect(requiredCompanyFields(onboardingInputSchema).email).toBe(true);
    expect(requiredCompanyFields(updatePrefsInputSchema).email).toBe(false);
  });
});
