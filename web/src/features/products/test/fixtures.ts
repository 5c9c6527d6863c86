import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient } from '@/test/render';
import type { ElementDetail, Product } from '../api/types';

export const staffClient = () => newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null }));

export function product(ospId: string, defaultValue: string, overrides: Partial<Product> = {}): Product {
  return {
    ospId,
    extId: defaultValue.toUpperCase().replace(/\s+/g, '_'),
    active: true,
    mobilityMode: 'TRAIN',
    productLabel: { defaultValue, defaultValueHtml: '', labelOspId: `l-${ospId}`, labelTranslations: [] },
    composition: [],
    ...overrides,
  };
}

export function element(ospId: string, name: string, position: number, overrides: Partial<ElementDetail> = {}): ElementDetail {
  return { ospId, name, position, kind: 'SERVICE', mandatory: true, mobilityMode: 'TRAIN', mrpPartnerOspId: 'p-nmbs', active: true, ...overrides };
}

export const MODES = [
  { value: 'TRAIN', label: 'Train' },
  { value: 'BIKE', label: 'Bike' },
  { value: 'BUS_TRAM_METRO', label: 'Bus, tram, metro' },
];

export const page = <T>(content: T[], totalPages = 1, totalElements = content.length) => ({
  content,
  page: 1,
  size: 10,
  totalPages,
  totalElements,
});

type Route = (call: Call) => Response | Promise<Response> | undefined;

/**
 * A server for the product screens: the given routes first, then the
 * catalogue's lookups (modes, MRP partners, disallowed products); anything
 * else is a 404, so a call the test did not expect fails loudly.
 */
export function productServer(route: Route, { disallowed = [] as string[] } = {}) {
  return mockFetch((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url.endsWith('/resource/mobilityModes/get')) return jsonResponse(200, MODES);
    if (call.url.endsWith('/partner/mrp/getAll')) {
      return jsonResponse(200, [{ ospId: 'p-nmbs', name: 'NMBS', extId: 'NMBS', active: true, partnerType: 'MRP', data: {} }]);
    }
    if (call.url.endsWith('/product/platform/findDisallowed')) {
      return jsonResponse(
        200,
        disallowed.map((ospId) => ({ ospId, extId: ospId, label: ospId, active: true, disallowed: true })),
      );
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND', message: `unexpected call ${call.url}` });
  });
}
