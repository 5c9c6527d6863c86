import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount } from '@/lib/session/selection';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import MobileAppSettingsTab from './MobileAppSettingsTab';

const account = { ospId: 'ca-1', name: 'Acme NV', appMenu: ['BUDGETS', 'EXPENSES'], data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } } };

function setup(user: SessionUser) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, account);
    if (call.url.endsWith('/corporateAccount/appMenu/types')) return jsonResponse(200, ['BUDGETS', 'EXPENSES', 'TRIPS']);
    if (call.url.endsWith('/corporateAccount/update')) return jsonResponse(200, { ...account, ...(call.body as object) });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  selectCorporateAccount(user.isMsp ? 'ca-1' : null);
  const result = renderRoutes([{ path: '/', element: <MobileAppSettingsTab /> }], '/', newQueryClient(user));
  return { ...result, calls, user: userEvent.setup() };
}

describe('company settings mobile-app', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets an MSP admin choose the app menu entries and saves only them', async () => {
    const { user, calls } = setup(makeUser({ isMsp: true, id: 'p1/u-2/p1', corporateAccount: null }));
    expect(await screen.findByLabelText('Budgets')).toBeChecked();
    expect(screen.getByLabelText('Trips')).not.toBeChecked();
    await user.click(screen.getByLabelText('Expenses'));
    await user.click(screen.getByLabelText('Trips'));
    await user.click(screen.getByTestId('app-menu-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/corporateAccount/update'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/corporateAccount/update'))!.body).toEqual({ ospId: 'ca-1', appMenu: ['BUDGETS', 'TRIPS'] });
  });

  it('does not exist for a company admin', async () => {
    setup(makeUser());
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
