import { z } from 'zod';
import { LANGUAGES } from './i18n/languages.js';

/** Template calls. */

export const TEMPLATE_HTML_MAX_BYTES = 200 * 1024;
export const TEMPLATE_NAME_MAX_CHARS = 200;
export const NAME_AND_HTML_REQUIRED = 'Name and HTML are required';

const requiredText = z
  .string({ error: NAME_AND_HTML_REQUIRED })
  .refine((value) => value.trim() !== '', NAME_AND_HTML_REQUIRED);

export const templateInputSchema = z.object({
  name: requiredText
    .transform((name) => name.trim())
    .refine(
      (name) => name.length <= TEMPLATE_NAME_MAX_CHARS,
      `Template name must be at most ${TEMPLATE_NAME_MAX_CHARS} characters`,
    ),
  // The HTML keeps its whitespace; its size is checked by the service (413, not 400).
  html: requiredText,
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

/** POST /api/templates also carries is_preset (the spec's client sends false). */
export const createTemplateInputSchema = templateInputSchema.extend({
  is_preset: z.boolean({ error: 'is_preset must be true or false' }).optional(),
});
export type CreateTemplateInput = z.infer<typeof createTemplateInputSchema>;

export const templateIdSchema = z.coerce
  .number({ error: 'Template id must be a number' })
  .int('Template id must be a whole number')
  .positive('Template id must be a whole number');

/**
 * GET /api/templates/default: with a contract's language, the template such a contract is sent
 * with, which the wizard previews (docs/decisions/029); without, the default itself.
 */
export const defaultTemplateInputSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'The language must be en or es' }).optional().meta({
    description:
      "A contract's language: answers the default's shipped twin in that language when the account has it.",
  }),
});

/** The shipped Standard Contract's key: an account with no template of that key can add it back. */
export const STANDARD_CONTRACT_KEY = 'standard-contract';

export const templateSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  is_preset: z.boolean(),
  version: z.number(),
  updated_at: z.string(),
  /** Which shipped template this is a copy of, if any (e.g. 'standard-contract'). */
  preset_key: z.string().nullable(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateSchema = templateSummarySchema.extend({ html: z.string() });
export type Template = z.infer<typeof templateSchema>;

/** UTF-8 size, which is what the 200 KB limit means. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
