// What the feature's component tests render with: platform staff and a fetch.
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { Tier } from './api/userFees';

export const PARTNER = { ospId: 'p-mobi', name: 'MobiPartner' };

export function tier(overrides: Partial<Tier> = {}): Tier {
  return {
    ospId: 't-1',
    assigneeType: 'PARTNER',
    assigneeOspId: PARTNER.ospId,
    assigneeName: PARTNER.name,
    eventCountFrom: 1,
    eventCountTo: 10,
    amount: 50,
    vatPercent: 21,
    createdOn: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** Renders routes as platform staff; handler answers calls (undefined: 404). */
export function renderAsStaff(routes: RouteObject[], initialEntry: string, handler: (call: Call) => Response | undefined) {
  const { calls } = mockFetch((call) => handler(call) ?? jsonResponse(404, { errorLabel: 'NOT_FOUND' }));
  const result = renderRoutes(
    routes,
    initialEntry,
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })),
  );
  return { ...result, calls, user: userEvent.setup() };
}

/** The body of the last call to a path ending so. */
export const lastBody = (calls: Call[], suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).at(-1)?.body;

/** Mantine forms are slow to drive on a loaded machine. */
export const SLOW = { timeout: 30_000 };
