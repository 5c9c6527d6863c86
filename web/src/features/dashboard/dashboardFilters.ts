import { useCallback } from 'react';
import type { SessionUser } from '@/lib/api/types';
import { createStore, useStore } from '@/lib/store';

/**
 * The dashboard's filters (SPEC §2, §4): the partner whose companies are
 * searched and the company type. Both are platform-staff filters; the
 * partner defaults to the user's own partner. They last while the page is
 * open (leaving the dashboard and coming back keeps them), for this user.
 */
export interface DashboardFilters {
  partnerOspId: string | null;
  companyType: string | null;
}

type FilterUser = Pick<SessionUser, 'ospId' | 'partner'>;

export function defaultDashboardFilters(user: FilterUser): DashboardFilters {
  return { partnerOspId: user.partner?.ospId ?? null, companyType: null };
}

interface Stored extends DashboardFilters {
  userOspId: string;
}

let stored: Stored | null = null;
const filterStore = createStore<Stored | null>(
  () => stored,
  (value) => {
    stored = value;
  },
);

/** Test helper: forget the filters. */
export function resetDashboardFilters(): void {
  filterStore.set(null);
}

/**
 * The filters and their changes. Changing the partner clears the selected
 * company (`clearCompany`): it belongs to the old partner.
 */
export function useDashboardFilters(user: FilterUser, clearCompany: () => void) {
  const current = useStore(filterStore);
  const filters: DashboardFilters =
    current && current.userOspId === user.ospId
      ? { partnerOspId: current.partnerOspId, companyType: current.companyType }
      : defaultDashboardFilters(user);

  const save = useCallback(
    (next: DashboardFilters) => filterStore.set({ ...next, userOspId: user.ospId }),
    [user.ospId],
  );

  const setPartner = (partnerOspId: string | null) => {
    if (partnerOspId === filters.partnerOspId) return;
    save({ ...filters, partnerOspId });
    clearCompany();
  };

  const setCompanyType = (companyType: string | null) => save({ ...filters, companyType });

  return { filters, setPartner, setCompanyType };
}
