import { describe, expect, it } from 'vitest';
import {
  CONTRACTOR_EVENT_LINES,
  describeEvent,
  namesSigners,
  type DescribableEvent,
} from './contract-event-lines.js';
import { messagesFor } from './i18n/catalogue.js';
import { isSignersEvent } from './signer-events.js';

/** Each signer's events name them on a contract several clients sign (issue 37). */

const at = '2026-12-02T15:00:00.000Z';
const alex = { id: 8, position: 2, name: 'Alex Rivera', email: 'alex@example.com' };
const link = { purpose: 'request', issued_at: '2026-12-01T10:00:00.000Z' };
const event = (type: string, details: Record<string, unknown> | null): DescribableEvent => ({
  type,
  at,
  details,
});

describe("a signer's lines in the audit trail", () => {
  it('name the signer after "client" in the record and on the contractor\'s timeline', () => {
    const record = messagesFor('en').events;
    const named = { nameSigner: true };
    expect(describeEvent(event('signed_by_client', { link, signer: alex }), record, named)).toBe(
      'Signed by the client (Alex Rivera) through the signing request emailed Dec 1, 2026',
    );
    expect(
      describeEvent(event('declined', { reason: 'Too dear', signer: alex }), record, named),
    ).toBe('Declined by the client (Alex Rivera): “Too dear”');
    expect(
      describeEvent(
        event('consented', {
          disclosure_version: '2026-11-29',
          disclosure_language: 'es',
          signer: alex,
        }),
        record,
        named,
      ),
    ).toBe(
      'Client (Alex Rivera) agreed to sign electronically, after reading the notice in Spanish, version 2026-11-29',
    );
    expect(
      describeEvent(
        event('language_changed', { from: 'en', to: 'es', signer: alex }),
        record,
        named,
      ),
    ).toBe('Signing page language switched by the client (Alex Rivera) from English to Spanish');
    expect(
      describeEvent(event('viewed', { link, signer: alex }), CONTRACTOR_EVENT_LINES, named),
    ).toBe(
      'Client (Alex Rivera) opened the contract through the signing request emailed Dec 1, 2026',
    );
    expect(
      describeEvent(event('signed_by_client', { signer: alex }), messagesFor('es').events, named),
    ).toBe('Firmado por el cliente (Alex Rivera)');
  });

  it('stay as they were for a contract one client signs, or an event that names nobody', () => {
    const lines = messagesFor('en').events;
    expect(describeEvent(event('signed_by_client', { signer: alex }), lines)).toBe(
      'Signed by the client',
    );
    expect(describeEvent(event('signed_by_client', null), lines, { nameSigner: true })).toBe(
      'Signed by the client',
    );
  });

  it('are named once a trail shows several signers: the send lists them, or a second one acts', () => {
    const first = { ...alex, id: 7, position: 1, name: 'Jordan Rivera' };
    expect(namesSigners([event('viewed', { signer: first })])).toBe(false);
    expect(namesSigners([event('viewed', { signer: alex })])).toBe(true);
    expect(
      namesSigners([
        event('sent', { signers: [{ name: 'Jordan Rivera' }, { name: 'Alex Rivera' }] }),
      ]),
    ).toBe(true);
    expect(namesSigners([event('sent', { to: 'jordan@example.com' })])).toBe(false);
  });
});

describe('whose event it is', () => {
  it('is the signer it names, and the first signer for an event from before several signed', () => {
    expect(isSignersEvent({ signer: alex }, { id: 8, position: 2 })).toBe(true);
    expect(isSignersEvent({ signer: alex }, { id: 7, position: 1 })).toBe(false);
    expect(isSignersEvent({ time_zone: 'America/Chicago' }, { id: 7, position: 1 })).toBe(true);
    expect(isSignersEvent(null, { id: 8, position: 2 })).toBe(false);
  });
});
