// What the feature's component tests render with: platform staff and a fetch.
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { Predefined, Template } from './api/templates';

export function template(overrides: Partial<Template> = {}): Template {
  return {
    ospId: 'tpl-1',
    name: 'MobiPartner welcome',
    category: 'ACCOUNT',
    ownerType: 'PARTNER',
    ownerOspId: 'p-mobi',
    ownerName: 'MobiPartner',
    templateType: 'MESSAGE',
    contentType: 'TEXT',
    predefinedName: 'credentials_mobile',
    languages: ['fr', 'nl'],
    createdOn: '2026-01-01T10:00:00+01:00',
    updatedOn: '2026-06-01T10:00:00+02:00',
    ...overrides,
  };
}

export const PREDEFINED: Predefined[] = [
  {
    name: 'credentials_mobile',
    category: 'ACCOUNT',
    templateType: 'MESSAGE',
    parameters: [
      { name: 'Name', list: false, secret: false, sample: 'Eva Peeters' },
      { name: 'Link', list: false, secret: true, sample: 'https://x' },
    ],
    defaults: [
      { language: 'en', subject: 'Welcome to your mobility budget', body: 'Hello {{.Name}},\n{{.Link}}\n' },
      { language: 'nl', subject: 'Welkom', body: 'Dag {{.Name}}\n' },
      { language: 'fr', subject: 'Bienvenue', body: 'Bonjour {{.Name}}\n' },
      { language: 'de', subject: 'Willkommen', body: 'Hallo {{.Name}}\n' },
    ],
  },
];

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
