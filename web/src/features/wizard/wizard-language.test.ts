import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '@domain/contracts.schemas';
import { loadLocalDraft, saveLocalDraft } from './local-draft';
import { emptyWizardState, toDraftPayload, wizardStateFromContract } from './wizard-state';

/** The client's language in the wizard (step 2): saved with the draft, kept over a reload. */

/** The browser's localStorage, as much of it as the local draft uses. */
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

/** The company has not connected Stripe (issue 36): nothing here depends on it. */
const noStripe = { stripeConnected: false };

beforeEach(() => {
  globalThis.localStorage = memoryStorage();
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe("the wizard's client language", () => {
  it('starts as English and goes into the saved draft as chosen', () => {
    const state = emptyWizardState();
    expect(state.language).toBe('en');
    expect(toDraftPayload({ ...state, language: 'es' }, noStripe).language).toBe('es');
  });

  it('comes back from a saved contract', () => {
    const contract = { language: 'es', scope_raw: [], scope_clean: null } as unknown as Contract;
    expect(wizardStateFromContract(contract).language).toBe('es');
  });

  it('survives a reload from the draft kept in this browser', () => {
    saveLocalDraft('pavers@example.com', 7, { ...emptyWizardState(), step: 2, language: 'es' });
    expect(loadLocalDraft('pavers@example.com', 7)).toMatchObject({ step: 2, language: 'es' });
  });

  it('is English for a draft kept before the choice existed, and a damaged one is dropped', () => {
    const older: Record<string, unknown> = { ...emptyWizardState(), step: 2 };
    delete older.language;
    localStorage.setItem('tradesign:wizard:pavers@example.com:new', JSON.stringify(older));
    expect(loadLocalDraft('pavers@example.com', undefined)?.language).toBe('en');
    localStorage.setItem(
      'tradesign:wizard:pavers@example.com:new',
      JSON.stringify({ ...older, language: 'fr' }),
    );
    expect(loadLocalDraft('pavers@example.com', undefined)).toBeNull();
  });
});

/** The home-sale switch (step 2, issue 32): saved with the draft, kept over a reload. */
describe("the wizard's home-sale switch", () => {
  it('starts off and goes into the saved draft as set', () => {
    const state = emptyWizardState();
    expect(state.homeSale).toBe(false);
    expect(toDraftPayload(state, noStripe).home_sale).toBe(false);
    expect(toDraftPayload({ ...state, homeSale: true }, noStripe).home_sale).toBe(true);
  });

  it('comes back from a saved contract and from the draft kept in this browser', () => {
    const contract = { home_sale: true, scope_raw: [], scope_clean: null } as unknown as Contract;
    expect(wizardStateFromContract(contract).homeSale).toBe(true);
    saveLocalDraft('pavers@example.com', 8, { ...emptyWizardState(), homeSale: true });
    expect(loadLocalDraft('pavers@example.com', 8)?.homeSale).toBe(true);
  });

  it('is off for a draft kept before the switch existed', () => {
    const older: Record<string, unknown> = { ...emptyWizardState(), step: 2 };
    delete older.homeSale;
    localStorage.setItem('tradesign:wizard:pavers@example.com:new', JSON.stringify(older));
    expect(loadLocalDraft('pavers@example.com', undefined)?.homeSale).toBe(false);
  });
});
