import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import CompanyDetailsPage from './CompanyDetailsPage';

const globex = {
  ospId: 'ca-2',
  name: 'Globex BV',
  companyType: 'COMPANY',
  data: { extId: 'GLOBEX', name: 'Globex BV', paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT', partner: { ospId: 'p1' } },
  extId: 'GLOBEX',
  partner: { ospId: 'p1' },
  appMenu: ['BUDGETS'],
  street: 'Meir',
  streetNumber: '1',
  zipCode: '2000',
  city: 'Antwerpen',
  country: 'BE',
  companyNumber: '0123456749',
  vatNumber: 'BE0123456749',
  vatLiable: true,
  iban: 'BE68539007547034',
  bic: 'GEBABEBB',
  poNumber: 'PO-7',
  maxUsers: null,
  twoFactorForAdmins: true,
  externalReferenceMandatory: false,
  contractType: 'RESELLER_B2B',
  invoiceSendingMethod: 'PEPPOL',
  invoicePaymentMethod: 'DIRECT_DEBIT',
  paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT',
  securityDepositAmount: 250000,
  companyBudgetThreshold: 10000,
  paymentReference: '+++090/9337/55493+++',
  allowedBudgetTypes: ['MOBILITY_BUDGET', 'COMPANY_BUDGET'],
  selectedBudgetTypes: ['MOBILITY_BUDGET'],
  active: true,
  partnerType: 'MSP',
};

const requested = {
  ospId: 'd-1', status: 'REQUESTED', corporateAccount: { ospId: 'ca-2', name: 'Globex BV' }, companyActive: true,
  requestedOn: '2026-11-20', requestedBy: { ospId: 'u-1', fullName: 'Ada Admin' }, handleBy: '2026-11-25',
  handledOn: null, handledBy: null, effectiveOn: null, extraCostsUntil: null, settledOn: null, withdrawnOn: null,
  activatedOn: null, overdue: false, remark: '',
};

function render(user = makeUser({ isMsp: true, corporateAccount: null }), deactivation: unknown = null) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, globex);
    if (call.url.endsWith('/corporateAccount/deactivation/get')) return jsonResponse(200, deactivation);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes([{ path: '/company/details', element: <CompanyDetailsPage /> }], '/company/details', newQueryClient(user));
  return calls;
}

const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByText((_, el) => el?.tagName === 'DD').textContent;
};

describe('CompanyDetailsPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    selectionStore.set('ca-2');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    selectionStore.set(null);
  });

  it('shows every field of the selected company, read only', async () => {
    const calls = render();
    expect(await screen.findByRole('heading', { name: 'Globex BV' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/corporateAccount/get'))!.body).toEqual({ ospId: 'ca-2' });
    expect(screen.getByTestId('company-status')).toHaveTextContent('Active');
    expect(valueOf('Partner')).toBe('MobiPartner');
    expect(valueOf('Contract type')).toBe('Reseller B2B');
    expect(valueOf('Payment type')).toBe('Postpaid with security deposit');
    expect(valueOf('Security deposit')).toMatch(/2,500\.00/);
    expect(valueOf('Payment reference')).toBe('+++090/9337/55493+++');
    expect(valueOf('Invoice sending method')).toBe('Peppol');
    expect(valueOf('Invoice payment method')).toBe('Direct debit');
    expect(valueOf('Maximum number of users')).toBe('Unlimited');
    expect(valueOf('Two-factor authentication for admins')).toBe('Yes');
    expect(valueOf('Offered budget types')).toBe('Mobility budget');
    expect(valueOf('Country')).toBe('Belgium');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('deactivation-status')).toBeNull();
  });

  it('shows a pending deactivation request to a user manager', async () => {
    render(undefined, requested);
    expect(await screen.findByTestId('deactivation-status')).toHaveTextContent('Requested');
    expect(valueOf('Requested on')).toBe('20/11/2026');
    expect(valueOf('To be handled by')).toBe('25/11/2026');
  });

  it('does not ask for the deactivation without the user manager role', async () => {
    const calls = render(makeUser({ isMsp: true, corporateAccount: null, roles: ['reporting_manager'] }), requested);
    await screen.findByRole('heading', { name: 'Globex BV' });
    expect(calls.some((c) => c.url.endsWith('/deactivation/get'))).toBe(false);
  });
});
