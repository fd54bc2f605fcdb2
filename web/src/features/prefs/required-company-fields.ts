import type { z } from 'zod';

/** A form's schema, as far as the company fields it may require. */
interface CompanySchema {
  shape: { company_phone: z.ZodType; company_email: z.ZodType };
}

/**
 * Which company fields a form marks required: exactly those its schema refuses empty. The schema
 * is the one the server checks the same call with, so onboarding and Branding cannot show a
 * field as optional that their call refuses without it, or the other way round.
 */
export function requiredCompanyFields(schema: CompanySchema): { phone: boolean; email: boolean } {
  const refusesEmpty = (field: z.ZodType) => !field.safeParse('').success;
  return {
    phone: refusesEmpty(schema.shape.company_phone),
    email: refusesEmpty(schema.shape.company_email),
  };
}
