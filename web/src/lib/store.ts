import { useSyncExternalStore } from 'react';

/**
 * A tiny observable value for state that lives outside React (cookies,
 * browser storage) but that components must re-render on.
 */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(read: () => T, write: (value: T) => void): Store<T> {
  const listeners = new Set<() => void>();
  return {
    get: read,
    set(value) {
      write(value);
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
