import { RESOURCE_TABS, type ResourceTab } from '@/lib/routes';
import type { Kind } from '../api/types';

/** The tab that lists a kind. */
export function tabOf(kind: Kind): ResourceTab {
  return RESOURCE_TABS.find((entry) => entry.kind === kind)!.tab;
}

/** Kinds with an address and coordinates: all but service resources. */
export const isLocated = (kind: Kind) => kind !== 'service';

/** Every kind, in the tabs' order. */
export const KINDS: Kind[] = RESOURCE_TABS.flatMap((entry) => (entry.kind ? [entry.kind] : []));
