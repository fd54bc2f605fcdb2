import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '@domain/contracts.schemas';
import { loadLocalDraft, saveLocalDraft } from './local-draft';
import {
  collectAtSigningOffered,
  collectAtSigningOn,
  emptyWizardState,
  toDraftPayload,
  wizardStateFromContract,
  type WizardState,
} from './wizard-state';

/**
 * Step 3's "Collect online when the client signs" (issue 36): offered on the first stage's card
 * when its trigger is "At signing" and the company's Stripe is connected, on by default for a
 * new draft, saved as `collect_at_signing: true` on the first stage only, and kept by a saved
 * draft and by the copy in this browser.
 */
const connected = { stripeConnected: true };
const notConnected = { stripeConnected: false };

/** A new draft of $5,000.00 on the Equal Split (33 / 33 / 34). */
const newDraft = (): WizardState => ({ ...emptyWizardState(), price: '5000.00' });

const withFirstStage = (state: WizardState, change: Partial<WizardState['stages'][number]>) => ({
  ...state,
  stages: state.stages.map((stage, index) => (index === 0 ? { ...stage, ...change } : stage)),
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

describe('collect online at signing, in the wizard', () => {
  it('is offered and on for a new draft when Stripe is connected, on the first stage only', () => {
    const state = newDraft();
    expect(collectAtSigningOffered(state, connected)).toBe(true);
    expect(collectAtSigningOn(state)).toBe(true);
    expect(toDraftPayload(state, connected).payment_plan_json).toEqual([
      {
        label: 'Stage 1',
        percent: 33,
        amount_cents: 165000,
        trigger: 'At signing',
        collect_at_signing: true,
      },
      { label: 'Stage 2', percent: 33, amount_cents: 165000, trigger: 'Mid-project' },
      { label: 'Stage 3', percent: 34, amount_cents: 170000, trigger: 'Substantial completion' },
    ]);
  });

  it('is neither offered nor saved while Stripe is not connected', () => {
    const state = withFirstStage(newDraft(), { collect_at_signing: true });
    expect(collectAtSigningOffered(state, notConnected)).toBe(false);
    expect(toDraftPayload(state, notConnected).payment_plan_json?.[0]).toEqual({
      label: 'Stage 1',
      percent: 33,
      amount_cents: 165000,
      trigger: 'At signing',
    });
  });

  it('reads the trigger as typed, trimmed and in any case', () => {
    for (const trigger of ['At signing', '  at SIGNING  ', 'AT SIGNING']) {
      expect(collectAtSigningOffered(withFirstStage(newDraft(), { trigger }), connected)).toBe(
        true,
      );
    }
    for (const trigger of ['At signing of the contract', 'Deposit', '', 'Atsigning']) {
      expect(collectAtSigningOffered(withFirstStage(newDraft(), { trigger }), connected)).toBe(
        false,
      );
    }
  });

  it('drops the value when the trigger changes away from "At signing"', () => {
    const state = withFirstStage(newDraft(), { trigger: 'Deposit', collect_at_signing: true });
    expect(toDraftPayload(state, connected).payment_plan_json?.[0]).toEqual({
      label: 'Stage 1',
      percent: 33,
      amount_cents: 165000,
      trigger: 'Deposit',
    });
  });

  it('saves nothing when switched off, and never carries the flag on a later stage', () => {
    const off = withFirstStage(newDraft(), { collect_at_signing: false });
    expect(collectAtSigningOn(off)).toBe(false);
    expect(toDraftPayload(off, connected).payment_plan_json?.[0]).not.toHaveProperty(
      'collect_at_signing',
    );

    const later = {
      ...newDraft(),
      stages: newDraft().stages.map((stage) => ({ ...stage, collect_at_signing: true })),
    };
    const plan = toDraftPayload(later, connected).payment_plan_json;
    expect(plan?.map((stage) => stage.collect_at_signing)).toEqual([true, undefined, undefined]);
  });

  it('comes back as saved from a draft: on when the plan says so, off when it does not', () => {
    const savedWith = (first: Record<string, unknown>) =>
      ({
        scope_raw: [],
        scope_clean: null,
        total_price_cents: 500000,
        payment_plan_json: [
          { label: 'Stage 1', percent: 33, amount_cents: 165000, trigger: 'At signing', ...first },
          { label: 'Stage 2', percent: 33, amount_cents: 165000, trigger: 'Mid-project' },
          {
            label: 'Stage 3',
            percent: 34,
            amount_cents: 170000,
            trigger: 'Substantial completion',
          },
        ],
      }) as unknown as Contract;

    const on = wizardStateFromContract(savedWith({ collect_at_signing: true }));
    expect(on.splitMode).toBe('equal');
    expect(collectAtSigningOn(on)).toBe(true);
    expect(toDraftPayload(on, connected).payment_plan_json?.[0]?.collect_at_signing).toBe(true);

    const off = wizardStateFromContract(savedWith({}));
    expect(off.splitMode).toBe('equal');
    expect(collectAtSigningOn(off)).toBe(false);
    expect(toDraftPayload(off, connected).payment_plan_json?.[0]).not.toHaveProperty(
      'collect_at_signing',
    );
  });

  it('survives a reload from the draft kept in this browser', () => {
    const off = withFirstStage({ ...newDraft(), step: 3 }, { collect_at_signing: false });
    saveLocalDraft('pavers@example.com', 12, off);
    const loaded = loadLocalDraft('pavers@example.com', 12);
    expect(loaded?.stages[0]).toEqual({
      label: 'Stage 1',
      percent: 33,
      trigger: 'At signing',
      collect_at_signing: false,
    });
  });
});
