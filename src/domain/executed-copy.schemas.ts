import { z } from 'zod';

/**
 * Where a signed contract's sealed PDF stands, for the contract's page: `none` before the client
 * signs (or where no Chromium prints PDFs), `in_progress` while it is made or retried, `ready`
 * once it can be downloaded, `failed` with the reason once the HTML copy went out instead.
 */
export const executedCopyStatusSchema = z.object({
  state: z.enum(['none', 'in_progress', 'ready', 'failed']),
  error: z.string().nullable(),
  attempts: z.number(),
});
export type ExecutedCopyStatus = z.infer<typeof executedCopyStatusSchema>;
