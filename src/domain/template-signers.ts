import type { SignerData } from './template-data.js';

/**
 * The `signers` a contract template sees (issue 37, docs/decisions/048): each client who signs,
 * the client of record first, with their signature once they give it.
 */

/** A person who signs, as a contract names them. */
export interface SignerPerson {
  name: string;
  email: string;
  phone: string | null;
}

/** A signer as the record holds them (`contract_signers`). */
export interface SignerRecord extends SignerPerson {
  signed_at: string | null;
  /** The name they typed when signing; null from callers that did not ask for one. */
  signed_name: string | null;
  signature_png: string | null;
}

/** Who signs a contract that is still being written: nobody has signed yet. */
export function unsignedSigners(people: readonly SignerPerson[]): SignerData[] {
  return people.map((person) => ({
    name: person.name,
    email: person.email,
    phone: person.phone,
    signed_at: null,
    signature: { typed_name: null, timestamp: null, png: null },
  }));
}

/**
 * The signers as they signed: each one's image, time and the name they typed (their name on the
 * contract when none was typed, as for the client's signature before the page asked for one).
 */
export function signersAsSigned(records: readonly SignerRecord[]): SignerData[] {
  return records.map((record) => ({
    name: record.name,
    email: record.email,
    phone: record.phone,
    signed_at: record.signed_at,
    signature: record.signed_at
      ? {
          typed_name: record.signed_name ?? record.name,
          timestamp: record.signed_at,
          png: record.signature_png,
        }
      : { typed_name: null, timestamp: null, png: null },
  }));
}

/**
 * Whom a draft names as signing: the client of record, then the others the wizard holds. The
 * wizard's preview passes this, so the draft shows every signature block it will be sent with.
 */
export function draftSigners(
  client: { client_name: string | null; client_email: string | null; client_phone: string | null },
  others: readonly { name: string; email: string; phone?: string | null }[] | null | undefined,
): SignerPerson[] {
  return [
    {
      name: client.client_name ?? '',
      email: client.client_email ?? '',
      phone: client.client_phone,
    },
    ...(others ?? []).map((other) => ({
      name: other.name,
      email: other.email,
      phone: other.phone ?? null,
    })),
  ];
}

/**
 * When the clients signed: the latest signature the data holds (null before any). The signed copy
 * is made once every signer's is in, so there it is the last signer's: a home sale's cancellation
 * period runs from that day (16 CFR 429.1), the later one when two owners sign on different days.
 * Data from before issue 37 has only the client's signature.
 */
export function clientsSignedAt(data: {
  client_signature: { timestamp: string | null };
  signers?: readonly SignerData[];
}): string | null {
  const times = [
    data.client_signature.timestamp,
    ...(data.signers ?? []).map((signer) => signer.signed_at),
  ].filter((time): time is string => time !== null);
  return times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b));
}
