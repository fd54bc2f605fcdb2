import { z } from 'zod';
import { personRefSchema } from './contracts.schemas.js';

/** What a contractor calls a key, to know later which tool holds it. */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the key a name, like the tool that will use it')
  .max(60, 'Keep the name under 60 characters');

export const createApiKeyInputSchema = z.object({ name: apiKeyNameSchema });

export const apiKeyIdSchema = z.string().regex(/^[a-z2-7]{16}$/, 'Unknown key');

/** A key as the list shows it: never the key itself, only its first characters. */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, enough to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Who of the company made it: the key ends when they leave it (issue 35). */
  created_by: personRefSchema,
});

/** The answer to creating a key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string() });

export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
