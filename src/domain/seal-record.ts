import { z } from 'zod';

/**
 * Who sealed an executed copy and when (issue 39, docs/decisions/051), as the documents row keeps
 * it (`seal_json`) and /api/verify answers it: the certificate the seal names, this server's own
 * time at sealing, and the time a timestamp authority vouched for, when one did.
 */
export const sealRecordSchema = z.object({
  signer: z.object({
    /** Most specific first: `CN=Acme Roofing LLC, O=Acme Roofing LLC, C=US`. */
    subject: z.string(),
    common_name: z.string(),
    issuer: z.string(),
    issuer_common_name: z.string(),
    fingerprint_sha256: z.string(),
    /** Issued by itself: nobody else vouches for it (the app's own certificate always is). */
    self_signed: z.boolean(),
    /** The certificate the app made for this server, or the company's own (SEAL_P12_PATH). */
    source: z.enum(['app', 'company']),
  }),
  /** The signature's own time (ISO-8601 UTC): this server's clock, which nobody else vouches for. */
  sealed_at_server: z.string(),
  /** A timestamp authority's (RFC 3161) time for the signature, when one was asked and answered. */
  timestamp: z.object({ at: z.string(), authority: z.string(), url_host: z.string() }).nullable(),
  /** Why there is no timestamp: none is configured, or the authority did not answer in time. */
  timestamp_missing: z.enum(['not_configured', 'authority_unavailable']).nullable(),
});
export type SealRecordJson = z.infer<typeof sealRecordSchema>;

/** The stored record, or null for a copy sealed before records were kept (or an unreadable one). */
export function readSealRecord(json: string | null): SealRecordJson | null {
  if (json === null) return null;
  try {
    const parsed = sealRecordSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
