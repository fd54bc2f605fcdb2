import { z } from 'zod';
import { CONTRACT_SECTION_KEYS } from './contract-lifecycle.js';
import { contractSummarySchema } from './contracts.schemas.js';

/** The contracts screen's sections; which statuses each shows is the lifecycle's to say. */
export const contractSectionSchema = z.enum(CONTRACT_SECTION_KEYS);
export type ContractSection = z.infer<typeof contractSectionSchema>;

/**
 * Up to a few hundred cards show at once; past that a section loads more on request, so an
 * account with thousands of contracts stays quick on a phone (docs/decisions/011).
 */
export const CONTRACT_PAGE_SIZE = 100;
export const CONTRACT_PAGE_MAX = 200;

/** Where the previous page ended: the last card's creation time and id (newest first). */
export const contractCursorSchema = z.object({
  created_at: z.string().max(40),
  id: z.number().int().positive(),
});
export type ContractCursor = z.infer<typeof contractCursorSchema>;

export const contractPageInputSchema = z.object({
  section: contractSectionSchema,
  /** Only the caller's contracts (issue 35); the whole company's by default. */
  mine: z.boolean().optional(),
  /** Only the contracts with a payment due (issue 36). */
  payment_due: z.boolean().optional(),
  limit: z.number().int().min(1).max(CONTRACT_PAGE_MAX).default(CONTRACT_PAGE_SIZE),
  cursor: contractCursorSchema.nullish(),
});
/** A validated page request (the limit defaulted). */
export type ContractPageQuery = z.output<typeof contractPageInputSchema>;

export const contractPageSchema = z.object({
  items: z.array(contractSummarySchema),
  /** Null on the last page. */
  nextCursor: contractCursorSchema.nullable(),
});
export type ContractPage = z.infer<typeof contractPageSchema>;

/** The counts of the contracts screen's sections: whose, and only those with a payment due. */
export const contractCountsInputSchema = z
  .object({ mine: z.boolean().optional(), payment_due: z.boolean().optional() })
  .optional();

export const contractCountsSchema = z.object({
  drafts: z.number().int(),
  awaiting: z.number().int(),
  completed: z.number().int(),
  closed: z.number().int(),
});
export type ContractCounts = z.infer<typeof contractCountsSchema>;
