import type { SendInput } from '../../domain/send.schemas.js';
import {
  coSignersSchema,
  duplicateSignerEmail,
  type CoSignerInput,
  type SigningOrder,
} from '../../domain/signers.js';
import { AppError } from '../../lib/app-error.js';

interface Person {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * Who signs the contract being sent (issue 37): the client of record, then the draft's other
 * signers. The document the contractor signed names them, so a send that names others is refused
 * as a changed client is; left out, the saved ones go. The order may be chosen at the send.
 */
export function signersToSend(
  row: { co_signers_json: string | null; signing_order: SigningOrder },
  input: SendInput,
): { people: Person[]; order: SigningOrder } {
  const saved = savedCoSigners(row.co_signers_json);
  if (input.co_signers && !sameSigners(saved, input.co_signers)) {
    throw new AppError(
      'CONFLICT',
      'The signers differ from the saved contract: save it and sign again',
    );
  }
  const client = input.client_data;
  const people: Person[] = [
    { name: client.name, email: client.email, phone: client.phone ?? null },
    ...saved.map((signer) => ({
      name: signer.name,
      email: signer.email,
      phone: signer.phone ?? null,
    })),
  ];
  const twice = duplicateSignerEmail(people.map((person) => person.email));
  if (twice) {
    throw new AppError(
      'BAD_REQUEST',
      `Each signer needs their own email: ${twice} is listed twice`,
    );
  }
  return { people, order: input.signing_order ?? row.signing_order };
}

function savedCoSigners(json: string | null): CoSignerInput[] {
  if (!json) return [];
  const parsed = coSignersSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

function sameSigners(saved: CoSignerInput[], sent: CoSignerInput[]): boolean {
  return (
    saved.length === sent.length &&
    saved.every(
      (signer, index) =>
        signer.name.trim() === sent[index]?.name.trim() &&
        signer.email.trim().toLowerCase() === sent[index]?.email.trim().toLowerCase(),
    )
  );
}
