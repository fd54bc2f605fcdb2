import { z } from 'zod';
import { CONTRACT_STATUSES, type ContractStatus } from './contract-lifecycle.js';
import {
  CONTRACT_PAGE_MAX,
  CONTRACT_PAGE_SIZE,
  contractCursorSchema,
} from './contract-list.schemas.js';

/** Finding a contract (issue 31): words to look for, and the statuses to keep. */

export const CONTRACT_SEARCH_MAX = 100;

/**
 * `status=signed,completed`: the statuses kept, or null for every status. Unknown names make the
 * whole value null too; the schema refuses them before any call gets here.
 */
export function statusesOf(value: string | undefined): ContractStatus[] | null {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return null;
  const known = names.filter((name): name is ContractStatus =>
    (CONTRACT_STATUSES as readonly string[]).includes(name),
  );
  return known.length === names.length ? [...new Set(known)] : null;
}

const STATUS_NAMES = CONTRACT_STATUSES.join(', ');

/**
 * "Mine / Everyone" (issue 35): only the contracts the caller wrote or sent. A query string says
 * `mine=true`; tRPC sends a boolean.
 */
export const mineSchema = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional()
  .meta({
    description: 'true: only the contracts you wrote or sent; otherwise the whole company’s.',
  });

/**
 * "Payment due" (issue 36): only the contracts with a payment due, the deposit since the client
 * signed or a stage since it was asked for, and not yet paid. A query string says
 * `payment_due=true`; tRPC sends a boolean.
 */
export const paymentDueSchema = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional()
  .meta({ description: 'true: only the contracts with a payment due and not yet paid.' });

export const contractFilterSchema = z.object({
  q: z
    .string()
    .max(CONTRACT_SEARCH_MAX, `Search for at most ${CONTRACT_SEARCH_MAX} characters`)
    .optional()
    .meta({
      description:
        'Words the contract must contain, in any order, in its client’s name, email or address, or its number ("12" or "#12"). Upper and lower case, and the accents of Latin letters, are ignored; % and _ are plain characters.',
    }),
  status: z
    .string()
    .max(100, `Use one or more of ${STATUS_NAMES}, separated by commas`)
    .refine(
      (value) => value.trim() === '' || statusesOf(value) !== null,
      `Use one or more of ${STATUS_NAMES}, separated by commas`,
    )
    .optional()
    .meta({
      description: `Keep only these statuses, separated by commas (${STATUS_NAMES}).`,
    }),
  mine: mineSchema,
  // Issue 36, later stages.
  payment_due: paymentDueSchema,
});
export type ContractFilter = z.infer<typeof contractFilterSchema>;

/** The contracts screen's search: one page of matches, newest first. */
export const contractSearchInputSchema = contractFilterSchema.extend({
  limit: z.number().int().min(1).max(CONTRACT_PAGE_MAX).default(CONTRACT_PAGE_SIZE),
  cursor: contractCursorSchema.nullish(),
});
export type ContractSearchQuery = z.output<typeof contractSearchInputSchema>;
