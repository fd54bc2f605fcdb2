import { z } from 'zod';
import { sealRecordSchema } from './seal-record.js';

/**
 * Public verification of an executed copy (issue 7 item 5): the browser hashes the PDF and asks
 * GET /api/verify/:sha256. The answer names the contract and its parties (every client who signed,
 * issue 37) and nothing else: no emails, no amounts, never the document itself.
 */

export const SHA256_HEX_MESSAGE = 'Expected a SHA-256 in hex';
export const NO_MATCH_MESSAGE = 'No executed contract matches this file';

/** 64 hex digits; upper case is accepted and lower-cased (documents.pdf_sha256 is lower case). */
export const sha256HexSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, SHA256_HEX_MESSAGE)
  .transform((hex) => hex.toLowerCase());

export const verifyResultSchema = z.object({
  genuine: z.literal(true),
  contract_id: z.number(),
  /** The contractor's company name as it stood on the contract. */
  contractor: z.string().nullable(),
  client: z.string().nullable(),
  /** When the sealed executed copy was made (documents.created_at), ISO-8601 UTC. */
  completed_at: z.string(),
  /**
   * Every client who signed (issue 37), the client of record first: the name on the contract and
   * when they signed (ISO-8601 UTC). No emails.
   */
  signers: z
    .array(z.object({ name: z.string(), signed_at: z.string().nullable() }))
    .meta({ description: 'Every client who signed, in signing order, and when.' }),
  /**
   * A change order's sealed copy (issue 38, docs/decisions/049): its number, the contract it
   * changes and the SHA-256 of that contract's sealed copy (null when it has none). Null for a
   * contract. `contract_id` above is then the change order's own record.
   */
  change_order: z
    .object({
      number: z.number(),
      contract_id: z.number(),
      contract_sha256: z.string().nullable(),
    })
    .nullable()
    .meta({
      description:
        "Set when the file is a change order's sealed copy: which change order to which contract, and the SHA-256 of that contract's sealed copy (null when it has none). Null for a contract.",
    }),
  /** Who sealed the copy and when (issue 39); null for copies sealed before it was recorded. */
  seal: sealRecordSchema.nullable().meta({
    description:
      "Who sealed the copy (the certificate's subject and issuer) and when: this server's clock, and a timestamp authority's time when one dated the seal. Null for copies sealed before this was recorded.",
  }),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
