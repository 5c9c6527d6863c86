import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import ProviderPaymentsTab from './ProviderPaymentsTab';

const settings = (nmbs: boolean, hasCompanyBudget = true) => ({
  corporateAccountOspId: 'ca-1',
  hasCompanyBudget,
  kinds: [
    { kind: 'LINE', provider: 'De Lijn', paidByCompany: false },
    { kind: 'NMBS', provider: 'NMBS/SNCB', paidByCompany: nmbs },
  ],
});
const account = { ospId: 'ca-1', name: 'Acme NV', data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } } };
const staff = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null });

function setup(user: SessionUser, hasCompanyBudget = true) {
  const { calls } = mockFetch((call: Call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, account);
    if (call.url.endsWith('/upload/directPayment/get')) return jsonResponse(200, settings(false, hasCompanyBudget));
    if (call.url.endsWith('/upload/directPayment/update')) return jsonResponse(200, settings(true, hasCompanyBudget));
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  selectCorporateAccount(user.isMsp ? 'ca-1' : null);
  const result = renderRoutes([{ path: '/', element: <ProviderPaymentsTab /> }], '/', newQueryClient(user));
  return { ...result, calls, user: userEvent.setup() };
}

describe('company settings provider payments', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each kind and switches NMBS to the company budget', async () => {
    const { user, calls } = setup(staff);
    const nmbs = await screen.findByRole('switch', { name: /NMBS\/SNCB/ });
    expect(nmbs).not.toBeChecked();
    expect(screen.queryByTestId('provider-payments-no-budget')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/upload/directPayment/get'))!.body).toEqual({ corporateAccountOspId: 'ca-1' });
    await user.click(nmbs);
    await waitFor(() => expect(screen.getByRole('switch', { name: /NMBS\/SNCB/ })).toBeChecked());
    expect(calls.find((c) => c.url.endsWith('/upload/directPayment/update'))!.body).toEqual({
      corporateAccountOspId: 'ca-1',
      kind: 'NMBS',
      paidByCompany: true,
    });
  });

  it('warns when the company has no company budget', async () => {
    setup(staff, false);
    expect(await screen.findByTestId('provider-payments-no-budget')).toBeInTheDocument();
  });

  it('does not exist for a company admin', async () => {
    const { calls } = setup(makeUser());
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/upload/directPayment/get'))).toBe(false);
  });
});
