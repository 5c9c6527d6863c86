import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount, selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { Sidebar } from './Sidebar';

const mspAdmin = makeUser({ isMsp: true, corporateAccount: null, roles: ['user_manager'] });

function renderSidebar(user = mspAdmin) {
  return renderRoutes([{ path: '*', element: <Sidebar user={user} /> }], '/dashboard', newQueryClient(user));
}

beforeEach(() => {
  resetApiClientForTests();
  setTokens({ token: 't', refreshToken: 'r' });
  mockFetch(({ url, body }) => {
    if (url.endsWith('/corporateAccount/get')) {
      const ospId = (body as { ospId: string }).ospId;
      return jsonResponse(200, {
        ospId,
        name: 'Acme NV',
        companyType: 'COMPANY',
        data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } },
      });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  selectionStore.set(null);
});

describe('Sidebar', () => {
  it('gives an MSP user the companies entry and the selected company under its name', async () => {
    selectCorporateAccount('ca-1');
    renderSidebar();
    expect(screen.getByTestId('sidebar-msp')).toBeInTheDocument();
    expect(screen.getByTestId('menu-corporateAccounts')).toHaveAttribute('href', '/corporate-accounts');
    expect(await screen.findByTestId('sidebar-company-name')).toHaveTextContent('Acme NV');
    const company = screen.getByRole('group', { name: 'Acme NV' });
    expect(within(company).getByTestId('menu-appUsers')).toBeInTheDocument();
    expect(within(company).getByTestId('menu-companySettings')).toBeInTheDocument();
  });

  it('shows an MSP user without a selection only their own entries', () => {
    renderSidebar();
    expect(screen.getByTestId('menu-corporateAccountSelection')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-appUsers')).toBeNull();
    expect(screen.queryByTestId('sidebar-group-company')).toBeNull();
  });

  it('keeps a company user\'s sidebar as it was', () => {
    renderSidebar(makeUser());
    expect(screen.getByTestId('sidebar-company')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-appUsers')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-corporateAccounts')).toBeNull();
    expect(screen.queryByTestId('menu-corporateAccountSelection')).toBeNull();
  });
});
