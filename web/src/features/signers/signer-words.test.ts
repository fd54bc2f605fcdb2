import { describe, expect, it } from 'vitest';
import type { ContractSigner } from '@domain/contracts.schemas';
import { cardSignersText, namesOf, signerLines } from './signer-words';

/** The words of a contract's signers on its page and its card (issue 37). */

const signer = (facts: Partial<ContractSigner>): ContractSigner => ({
  id: 1,
  position: 1,
  name: 'Dana Smith',
  email: 'dana@example.com',
  phone: null,
  language: 'en',
  status: 'sent',
  invited_at: '2026-12-01T10:00:00.000Z',
  viewed_at: null,
  last_viewed_at: null,
  view_count: 0,
  reminders_sent: 0,
  last_reminder_at: null,
  signed_at: null,
  declined_at: null,
  ...facts,
});

describe("a signer's lines on the contract page", () => {
  it('says a signer waiting for their turn has no link yet, and nothing of openings', () => {
    expect(signerLines(signer({ status: 'waiting', invited_at: null }))).toEqual([
      'Gets their link once the signer before them signs',
    ]);
  });

  it('counts openings and reminders of a signer still to sign', () => {
    expect(signerLines(signer({}))).toEqual(['Not opened yet', 'No reminder yet']);
    const lines = signerLines(
      signer({
        status: 'viewed',
        view_count: 2,
        viewed_at: '2026-12-01T11:00:00.000Z',
        last_viewed_at: '2026-12-02T08:00:00.000Z',
        reminders_sent: 2,
        last_reminder_at: '2026-12-03T08:05:00.000Z',
      }),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Opened 2 times, last \S+/);
    expect(lines[1]).toMatch(/^2 reminders, last Dec [34], 2026, /);
  });

  it('says when a signer signed or declined', () => {
    const signed = signerLines(
      signer({ status: 'signed', view_count: 1, signed_at: '2026-12-02T08:05:00.000Z' }),
    );
    expect(signed[0]).toMatch(/^Signed Dec [23], 2026, /);
    expect(signed).not.toContain('No reminder yet');
    const declined = signerLines(
      signer({ status: 'declined', view_count: 1, declined_at: '2026-12-02T08:05:00.000Z' }),
    );
    expect(declined[0]).toMatch(/^Declined Dec [23], 2026, /);
  });
});

describe("the card's count of signatures", () => {
  it('says "1 of 2 signed" on a sent or expired contract with more than one signer', () => {
    expect(cardSignersText({ status: 'sent', signers: { total: 2, signed: 1 } })).toBe(
      '1 of 2 signed',
    );
    expect(cardSignersText({ status: 'expired', signers: { total: 3, signed: 0 } })).toBe(
      '0 of 3 signed',
    );
  });

  it('says nothing for a client who signs alone, a draft, or a contract past signing', () => {
    expect(cardSignersText({ status: 'sent', signers: { total: 1, signed: 0 } })).toBeNull();
    expect(cardSignersText({ status: 'draft', signers: { total: 2, signed: 0 } })).toBeNull();
    expect(cardSignersText({ status: 'completed', signers: { total: 2, signed: 2 } })).toBeNull();
  });
});

describe('whom a reminder or a new link went to', () => {
  it('names one, two or three people as a sentence does, and nobody as null', () => {
    expect(namesOf([])).toBeNull();
    expect(namesOf([{ name: 'Alex Rivera' }])).toBe('Alex Rivera');
    expect(namesOf([{ name: 'Jordan Rivera' }, { name: 'Alex Rivera' }])).toBe(
      'Jordan Rivera and Alex Rivera',
    );
    expect(namesOf([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe('A, B and C');
  });
});
