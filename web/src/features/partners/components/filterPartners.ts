import type { Partner } from '../api/types';

export type ActiveFilter = 'active' | 'inactive' | 'all';

/** The list's own filters: partner type and a name (or extId) fragment, case- and accent-insensitive; sorted by name. */
export function filterPartners(partners: readonly Partner[], { type, search }: { type: string; search: string }): Partner[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
  const needle = fold(search.trim());
  return partners
    .filter((p) => !type || p.partnerType === type)
    .filter((p) => !needle || fold(p.name ?? '').includes(needle) || fold(p.extId ?? '').includes(needle))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' }));
}
