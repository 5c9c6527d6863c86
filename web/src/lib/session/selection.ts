import { SELECTED_CORPORATE_ACCOUNT_KEY } from '../constants';
import { createStore, useStore } from '../store';

// The corporate account an MSP user or platform admin is working on. Kept in
// localStorage so a reload or a new tab keeps the choice; sign-out clears it.

function read(): string | null {
  try {
    return localStorage.getItem(SELECTED_CORPORATE_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

export const selectionStore = createStore<string | null>(read, (value) => {
  try {
    if (value) localStorage.setItem(SELECTED_CORPORATE_ACCOUNT_KEY, value);
    else localStorage.removeItem(SELECTED_CORPORATE_ACCOUNT_KEY);
  } catch {
    // Storage disabled: the choice then lasts only for this page.
  }
});

export const selectCorporateAccount = (ospId: string | null): void => selectionStore.set(ospId);
export const clearSelectedCorporateAccount = (): void => selectionStore.set(null);
export const useSelectedCorporateAccountId = (): string | null => useStore(selectionStore);
