import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { SessionUser } from '@/lib/api/types';
import { sessionKeys } from '@/lib/session/keys';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    ospId: 'u-1',
    id: 'p1/u-1/ca-1',
    firstname: 'Ada',
    lastname: 'Admin',
    fullName: 'Ada Admin',
    email: 'ada@acme.test',
    login: 'acme.admin',
    language: 'en',
    roles: ['user_manager'],
    isMsp: false,
    isOspAdmin: false,
    twoFactorEnabled: false,
    corporateAccount: { ospId: 'ca-1', name: 'Acme NV', paymentType: 'PREPAID', companyType: 'B2B' },
    partner: { ospId: 'p1', name: 'MobiPartner', partnerType: 'MSP' },
    ...overrides,
  };
}

export function newQueryClient(user?: SessionUser): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (user) client.setQueryData(sessionKeys.currentUser(), user);
  return client;
}

/** Renders routes in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string, client = newQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}
