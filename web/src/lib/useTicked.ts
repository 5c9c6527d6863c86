import { useState } from 'react';

/**
 * The ids ticked in a picker whose list follows a search: a ticked one
 * stays ticked when a new search no longer shows it.
 */
export function useTicked() {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  return {
    ticked,
    toggle: (id: string) =>
      setTicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    clear: () => setTicked(new Set()),
  };
}
