// What the feature's component tests render with: platform staff and a fetch.
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { Translation } from './api/translations';

export function translation(overrides: Partial<Translation> = {}): Translation {
  return {
    ospId: 'tr-1',
    type: 'PRODUCT_LABEL',
    key: 'product.label.train',
    defaultValue: 'Train (NMBS/SNCB)',
    translations: [
      { languageCode: 'GB', text: 'Train (NMBS/SNCB)', length: 17 },
      { languageCode: 'BE', text: 'Trein (NMBS)', length: 12 },
      { languageCode: 'FR', text: 'Train (SNCB)', length: 12 },
      { languageCode: 'DE', text: 'Zug (NMBS/SNCB)', length: 15 },
    ],
    updatedOn: '2026-11-20T10:00:00Z',
    updatedBy: 'Olivia Platform',
    ...overrides,
  };
}

export const page = (content: Translation[], totalPages = 1) => ({ content, totalPages, totalElements: content.length, page: 1, size: 20 });

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

/** The bodies of the calls to a path ending so. */
export const bodies = (calls: Call[], suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).map((c) => c.body);

/** Mantine forms are slow to drive on a loaded machine. */
export const SLOW = { timeout: 30_000 };
