import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '@domain/contracts.schemas';
import { loadLocalDraft, saveLocalDraft } from '../wizard/local-draft';
import {
  blockedReason,
  emptyWizardState,
  toDraftPayload,
  wizardStateFromContract,
  type WizardState,
} from '../wizard/wizard-state';
import { canAddSigner, coSignersFormSchema, linksSentence, signersLine } from './wizard-signers';

/** The wizard's other signers (step 2, issue 37): checked, saved, restored and named. */

const noStripe = { stripeConnected: false };
const CLIENT = { name: 'Jordan Rivera', email: 'jordan@example.com', phone: '', address: '' };
const DANA = { name: 'Dana Smith', email: 'dana@example.com', phone: ' 555 0101 ' };
const ALEX = { name: 'Alex Smith', email: 'alex@example.com', phone: '' };

const onStep2 = (change: Partial<WizardState>): WizardState => ({
  ...emptyWizardState(),
  step: 2,
  client: CLIENT,
  ...change,
});

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

beforeEach(() => {
  globalThis.localStorage = memoryStorage();
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('other signers in step 2', () => {
  it('starts with the client alone, signing together, and offers three more at most', () => {
    const state = emptyWizardState();
    expect(state.coSigners).toEqual([]);
    expect(state.signingOrder).toBe('together');
    expect(toDraftPayload(state, noStripe)).toMatchObject({
      co_signers: [],
      signing_order: 'together',
    });
    expect(canAddSigner([])).toBe(true);
    expect(canAddSigner([DANA, ALEX])).toBe(true);
    expect(canAddSigner([DANA, ALEX, DANA])).toBe(false);
  });

  it('goes into the saved draft trimmed, a blank phone as none, in the order chosen', () => {
    const payload = toDraftPayload(
      onStep2({ coSigners: [DANA, ALEX], signingOrder: 'in_order' }),
      noStripe,
    );
    expect(payload.co_signers).toEqual([
      { name: 'Dana Smith', email: 'dana@example.com', phone: '555 0101' },
      { name: 'Alex Smith', email: 'alex@example.com', phone: null },
    ]);
    expect(payload.signing_order).toBe('in_order');
    // With nobody else left, there is no order to keep.
    expect(toDraftPayload(onStep2({ signingOrder: 'in_order' }), noStripe).signing_order).toBe(
      'together',
    );
  });

  it('keeps a signer still being typed, or one with a taken email, out of the save', () => {
    const payload = toDraftPayload(
      onStep2({
        coSigners: [
          { name: 'Da', email: 'dana@', phone: '' },
          { ...ALEX, email: 'JORDAN@example.com' },
        ],
      }),
      noStripe,
    );
    expect(payload.co_signers).toEqual([]);
  });

  it('holds Next until every signer has a name and an email of their own', () => {
    expect(blockedReason(onStep2({ coSigners: [DANA] }))).toBeNull();
    expect(blockedReason(onStep2({ coSigners: [{ name: '', email: '', phone: '' }] }))).toBe(
      'Enter each signer’s name and email',
    );
    expect(
      blockedReason(onStep2({ coSigners: [DANA, { ...ALEX, email: 'Dana@Example.com' }] })),
    ).toBe('Each signer needs an email address of their own');
    expect(blockedReason(onStep2({ client: { ...CLIENT, email: 'x' }, coSigners: [DANA] }))).toBe(
      'Enter the client’s name and email',
    );
  });

  it('shows the client’s messages on a signer’s fields, and the taken email on the second', () => {
    const result = coSignersFormSchema('jordan@example.com').safeParse({
      signers: [
        { name: 'D', email: 'dana@', phone: '' },
        { name: 'Jo Rivera', email: 'Jordan@example.com', phone: '1'.repeat(41) },
      ],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      'signers.0.name': 'Name must be at least 2 characters',
      'signers.0.email': 'Invalid email address',
      'signers.1.phone': 'At most 40 characters',
      'signers.1.email': 'Each signer needs an email address of their own',
    });
  });

  it('comes back from a saved contract and from the draft kept in this browser', () => {
    const contract = {
      scope_raw: [],
      scope_clean: null,
      co_signers: [{ name: 'Dana Smith', email: 'dana@example.com', phone: null }],
      signing_order: 'in_order',
    } as unknown as Contract;
    expect(wizardStateFromContract(contract)).toMatchObject({
      coSigners: [{ name: 'Dana Smith', email: 'dana@example.com', phone: '' }],
      signingOrder: 'in_order',
    });
    saveLocalDraft(
      'roofs@example.com',
      9,
      onStep2({ coSigners: [DANA], signingOrder: 'in_order' }),
    );
    expect(loadLocalDraft('roofs@example.com', 9)).toMatchObject({
      coSigners: [DANA],
      signingOrder: 'in_order',
    });
  });

  it('is the client alone for a draft kept before other signers existed', () => {
    const older: Record<string, unknown> = { ...emptyWizardState(), step: 2 };
    delete older.coSigners;
    delete older.signingOrder;
    localStorage.setItem('tradesign:wizard:roofs@example.com:new', JSON.stringify(older));
    expect(loadLocalDraft('roofs@example.com', undefined)).toMatchObject({
      coSigners: [],
      signingOrder: 'together',
    });
  });
});

describe('the signers named in the preview and at Sign & Send', () => {
  it('lists every signer and says whether in order', () => {
    expect(signersLine('Dana Smith', [{ name: 'Alex Smith' }], 'in_order')).toBe(
      'Signers: Dana Smith, Alex Smith (in this order)',
    );
    expect(signersLine('Dana Smith', [{ name: 'Alex Smith' }], 'together')).toBe(
      'Signers: Dana Smith, Alex Smith (together)',
    );
    expect(signersLine('Dana Smith', [], 'together')).toBe('Signer: Dana Smith');
    expect(signersLine(' ', [], 'together')).toBeNull();
  });

  it('says who gets a link, and when', () => {
    expect(linksSentence('Dana Smith', 0, 'together')).toBe(
      'Your client will receive an email with a secure link to review and sign the contract.',
    );
    expect(linksSentence('Dana Smith', 1, 'in_order')).toBe(
      'Dana Smith receives a secure link first; each next signer gets their own link after the one before signs.',
    );
    expect(linksSentence('Dana Smith', 2, 'together')).toBe(
      'Each signer will receive an email with their own secure link to review and sign the contract.',
    );
  });
});
