import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet, type RouteObject } from 'react-router-dom';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { INTENDED_ROUTE_KEY } from '@/lib/constants';
import { selectCorporateAccount, selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { GuestOnly } from './GuestOnly';
import { RequireAuth } from './RequireAuth';
import { RequireCompanyBudgetAccess } from './RequireCompanyBudgetAccess';
import { RequireMsp } from './RequireMsp';
import { RequireRole } from './RequireRole';
import { RequireSelectedCorporateAccount } from './RequireSelectedCorporateAccount';

function Where({ name }: { name: string }) {
  return <div data-testid="page">{name}</div>;
}

const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly><Where name="login" /></GuestOnly> },
  {
    element: <RequireAuth><Outlet /></RequireAuth>,
    children: [
      { path: '/dashboard', element: <Where name="dashboard" /> },
      { path: '/help', element: <Where name="help" /> },
      { path: '/corporate-accounts', element: <RequireMsp><Where name="corporate-accounts" /></RequireMsp> },
      { path: '/reporting', element: <RequireRole roles={['reporting_manager']}><Where name="reporting" /></RequireRole> },
      {
        path: '/company/details',
        element: <RequireSelectedCorporateAccount><Where name="company-details" /></RequireSelectedCorporateAccount>,
      },
      {
        path: '/finance/invoices',
        element: (
          <RequireSelectedCorporateAccount allowAdminWithoutSelection allowInvoiceManagerWithoutSelection>
            <Where name="invoices" />
          </RequireSelectedCorporateAccount>
        ),
      },
      {
        path: '/finance/company-budget',
        element: <RequireCompanyBudgetAccess><Where name="company-budget" /></RequireCompanyBudgetAccess>,
      },
    ],
  },
];

const page = () => screen.findByTestId('page');

beforeEach(() => {
  resetApiClientForTests();
  mockFetch(({ url, body }) => {
    if (url.endsWith('/corporateAccount/get')) {
      const ospId = (body as { ospId: string }).ospId;
      return jsonResponse(200, {
        ospId,
        name: `Company ${ospId}`,
        companyType: 'B2B',
        data: { extId: ospId, name: `Company ${ospId}`, paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT', partner: { ospId: 'p1' } },
      });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  selectionStore.set(null);
});

describe('auth guard', () => {
  it('sends a signed-out user to /login and remembers the route', async () => {
    const { router } = renderRoutes(routes, '/help?x=1');
    expect(await page()).toHaveTextContent('login');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(INTENDED_ROUTE_KEY)).toBe('/help?x=1');
  });

  it('renders the page for a signed-in user', async () => {
    setTokens({ token: 't', refreshToken: 'r' });
    renderRoutes(routes, '/help', newQueryClient(makeUser()));
    expect(await page()).toHaveTextContent('help');
  });
});

describe('guest guard', () => {
  it('sends a signed-in user to the dashboard', async () => {
    setTokens({ token: 't', refreshToken: 'r' });
    const { router } = renderRoutes(routes, '/login', newQueryClient(makeUser()));
    expect(await page()).toHaveTextContent('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a user who just signed in to the remembered route', async () => {
    sessionStorage.setItem(INTENDED_ROUTE_KEY, '/help');
    setTokens({ token: 't', refreshToken: 'r' });
    renderRoutes(routes, '/login', newQueryClient(makeUser()));
    expect(await page()).toHaveTextContent('help');
    await waitFor(() => expect(sessionStorage.getItem(INTENDED_ROUTE_KEY)).toBeNull());
  });
});

describe('hasRole guard', () => {
  beforeEach(() => setTokens({ token: 't', refreshToken: 'r' }));

  it('renders the 404 page without the role', async () => {
    renderRoutes(routes, '/reporting', newQueryClient(makeUser({ roles: ['user_manager'] })));
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('lets a user with the role and ospadmin through', async () => {
    renderRoutes(routes, '/reporting', newQueryClient(makeUser({ roles: ['reporting_manager'] })));
    expect(await page()).toHaveTextContent('reporting');
  });

  it('lets ospadmin through', async () => {
    renderRoutes(routes, '/reporting', newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true })));
    expect(await page()).toHaveTextContent('reporting');
  });
});

describe('mspOnly guard', () => {
  beforeEach(() => setTokens({ token: 't', refreshToken: 'r' }));

  it('renders the 404 page for a company admin, whatever their roles', async () => {
    renderRoutes(routes, '/corporate-accounts', newQueryClient(makeUser({ roles: ['user_manager', 'invoice_manager'] })));
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('lets an MSP partner admin through', async () => {
    renderRoutes(routes, '/corporate-accounts', newQueryClient(makeUser({ isMsp: true, corporateAccount: null })));
    expect(await page()).toHaveTextContent('corporate-accounts');
  });

  it('lets platform staff through', async () => {
    renderRoutes(
      routes,
      '/corporate-accounts',
      newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })),
    );
    expect(await page()).toHaveTextContent('corporate-accounts');
  });
});

describe('selected corporate account guards', () => {
  beforeEach(() => setTokens({ token: 't', refreshToken: 'r' }));
  const msp = makeUser({ isMsp: true, corporateAccount: null, roles: ['user_manager'] });

  it('lets a company user through with their own company', async () => {
    renderRoutes(routes, '/company/details', newQueryClient(makeUser()));
    expect(await page()).toHaveTextContent('company-details');
  });

  it('sends an MSP user without a selection to the dashboard', async () => {
    const { router } = renderRoutes(routes, '/company/details', newQueryClient(msp));
    expect(await page()).toHaveTextContent('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('switches an MSP user to the company named in the URL', async () => {
    selectCorporateAccount('ca-1');
    renderRoutes(routes, '/company/details?corporateAccountOspId=ca-7', newQueryClient(msp));
    expect(await page()).toHaveTextContent('company-details');
    expect(selectionStore.get()).toBe('ca-7');
  });

  it('adds the selection to an MSP user\'s URL', async () => {
    selectCorporateAccount('ca-3');
    const { router } = renderRoutes(routes, '/company/details', newQueryClient(msp));
    expect(await page()).toHaveTextContent('company-details');
    expect(router.state.location.search).toBe('?corporateAccountOspId=ca-3');
  });

  it('lets ospadmin and invoice managers see invoices without a selection', async () => {
    renderRoutes(routes, '/finance/invoices', newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })));
    expect(await page()).toHaveTextContent('invoices');
  });

  it('lets an invoice manager without a company see invoices', async () => {
    renderRoutes(routes, '/finance/invoices', newQueryClient(makeUser({ roles: ['invoice_manager'], corporateAccount: null })));
    expect(await page()).toHaveTextContent('invoices');
  });
});

describe('canViewCompanyBudget guard', () => {
  beforeEach(() => setTokens({ token: 't', refreshToken: 'r' }));

  it('shows the page for a prepaid company', async () => {
    renderRoutes(routes, '/finance/company-budget', newQueryClient(makeUser()));
    expect(await page()).toHaveTextContent('company-budget');
  });

  it('renders 404 for a postpaid company', async () => {
    const user = makeUser({
      corporateAccount: { ospId: 'ca-2', name: 'Globex BV', paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT', companyType: 'B2B' },
    });
    renderRoutes(routes, '/finance/company-budget', newQueryClient(user));
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
