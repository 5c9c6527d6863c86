import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import DetailsSettingsTab from './DetailsSettingsTab';
import { settingsTabsFor } from './access';

const acme = {
  ospId: 'ca-1', name: 'Acme NV', companyType: 'B2B', extId: 'ACME', street: 'Kerkstraat', streetNumber: '1', zipCode: '9000', city: 'Gent', country: 'BE',
  companyNumber: '0403170701', vatNumber: 'BE0403170701', vatLiable: true, iban: 'BE68539007547034', bic: 'GEBABEBB', poNumber: '', maxUsers: 50,
  twoFactorForAdmins: false, externalReferenceMandatory: false, contractType: 'OLYMPUS_B2B', invoiceSendingMethod: 'EMAIL', invoicePaymentMethod: 'MANUAL',
  paymentType: 'PREPAID', securityDepositAmount: null, companyBudgetThreshold: 50000, paymentReference: '+++090/9337/55493+++', partner: { ospId: 'p1' }, partnerType: 'MSP',
  allowedBudgetTypes: ['MOBILITY_BUDGET', 'BUSINESS_BUDGET'], selectedBudgetTypes: ['MOBILITY_BUDGET'], appMenu: ['BUDGETS'], active: true,
  data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } },
};

const companyAdmin = makeUser();
// The partner's name comes from the session (an account names its partner by id only).
const mspAdmin = makeUser({ isMsp: true, id: 'p1/u-2/p1', corporateAccount: null });

function setup(user: SessionUser = companyAdmin, onUpdate: (call: Call) => Response = (call) => jsonResponse(200, { ...acme, ...(call.body as object) })) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, acme);
    if (call.url.endsWith('/corporateAccount/companyType/list')) return jsonResponse(200, ['B2B', 'B2C']);
    if (call.url.endsWith('/corporateAccount/update')) return onUpdate(call);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  selectCorporateAccount(user.isMsp ? 'ca-1' : null);
  const result = renderRoutes([{ path: '/', element: <DetailsSettingsTab /> }], '/', newQueryClient(user));
  return { ...result, calls, user: userEvent.setup() };
}

const input = (name: string) => screen.getByTestId(`field-${name}`);
const updates = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/corporateAccount/update'));

describe('company settings details', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tabs each role may see', () => {
    expect(settingsTabsFor(companyAdmin)).toEqual(['details', 'budgets']);
    expect(settingsTabsFor(mspAdmin)).toEqual(['details', 'budgets', 'mobile-app', 'available-products']);
    expect(settingsTabsFor(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true }))).toEqual(['details', 'budgets', 'mobile-app', 'available-products', 'branding', 'provider-payments']);
  });

  it('shows a company admin the partner\'s fields read-only and the rest editable', async () => {
    setup();
    await screen.findByTestId('company-details-form');
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    for (const name of ['name', 'extId', 'companyType', 'partnerOspId', 'paymentType', 'securityDepositAmount', 'contractType', 'maxUsers', 'vatNumber', 'invoicePaymentMethod', 'paymentReference']) {
      expect(input(name), name).toHaveAttribute('readonly');
      expect(input(name), name).toHaveAttribute('data-editable', 'false');
    }
    for (const name of ['street', 'streetNumber', 'zipCode', 'city', 'country', 'iban', 'bic', 'poNumber', 'companyBudgetThreshold']) {
      expect(input(name), name).not.toHaveAttribute('readonly');
    }
    for (const name of ['street', 'iban', 'invoiceSendingMethod', 'companyBudgetThreshold', 'twoFactorForAdmins', 'externalReferenceMandatory']) {
      expect(input(name), name).toHaveAttribute('data-editable', 'true');
    }
    expect(input('name')).toHaveValue('Acme NV');
    expect(input('partnerOspId')).toHaveValue('MobiPartner');
    expect(input('paymentType')).toHaveValue('Prepaid');
    expect(input('paymentReference')).toHaveValue('+++090/9337/55493+++');
    expect(screen.getByLabelText('Two-factor authentication for admins')).toBeEnabled();
    expect(screen.getByLabelText('Liable to VAT')).toBeDisabled();
  });

  it('lets an MSP admin change every field', async () => {
    setup(mspAdmin);
    await screen.findByTestId('company-details-form');
    expect(screen.queryByTestId('read-only-notice')).not.toBeInTheDocument();
    for (const name of ['name', 'extId', 'maxUsers', 'vatNumber']) {
      expect(input(name), name).not.toHaveAttribute('readonly');
    }
    for (const name of ['companyType', 'paymentType', 'securityDepositAmount', 'contractType', 'invoicePaymentMethod', 'vatLiable']) {
      expect(input(name), name).toHaveAttribute('data-editable', 'true');
    }
    expect(input('paymentReference')).toHaveAttribute('readonly');
  });

  it('checks the IBAN before sending', async () => {
    const { user, calls } = setup();
    await screen.findByTestId('company-details-form');
    await user.clear(input('iban'));
    await user.type(input('iban'), 'BE68539007547035');
    await user.click(screen.getByTestId('company-details-save'));
    expect(await screen.findByText('IBAN is not valid')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it('saves a company admin\'s changes with the other fields as they were', async () => {
    const { user, calls } = setup();
    await screen.findByTestId('company-details-form');
    await user.clear(input('street'));
    await user.type(input('street'), 'Stationsstraat');
    await user.clear(input('iban'));
    await user.type(input('iban'), 'nl91 abna 0417 1643 00');
    await user.click(screen.getByLabelText('Business budget'));
    await user.click(screen.getByTestId('company-details-save'));
    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    // Only the fields a company admin may change: the update is partial.
    expect(updates(calls)[0]!.body).toEqual({
      ospId: 'ca-1',
      street: 'Stationsstraat',
      streetNumber: '1',
      zipCode: '9000',
      city: 'Gent',
      country: 'BE',
      poNumber: '',
      iban: 'NL91ABNA0417164300',
      bic: 'GEBABEBB',
      invoiceSendingMethod: 'EMAIL',
      companyBudgetThreshold: 50000,
      externalReferenceMandatory: false,
      twoFactorForAdmins: false,
      selectedBudgetTypes: ['MOBILITY_BUDGET', 'BUSINESS_BUDGET'],
    });
  });

  it('sends every field of an MSP admin but the partner, and asks a deposit of a postpaid company', async () => {
    const { user, calls } = setup(mspAdmin);
    await screen.findByTestId('company-details-form');
    expect(input('partnerOspId')).toHaveAttribute('data-editable', 'false');
    await user.clear(input('maxUsers'));
    await user.click(input('paymentType'));
    await user.click(await screen.findByRole('option', { name: 'Postpaid with security deposit', hidden: true }));
    await user.click(screen.getByTestId('company-details-save'));
    expect(await screen.findByText('Security deposit is required')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
    await user.type(input('securityDepositAmount'), '2500');
    await user.click(screen.getByTestId('company-details-save'));
    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    const body = updates(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ ospId: 'ca-1', name: 'Acme NV', paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT', securityDepositAmount: 250000, maxUsers: 0, vatNumber: 'BE0403170701' });
    expect(body).not.toHaveProperty('partnerOspId');
  });

  it('shows the server\'s 400 on the field it names', async () => {
    const { user } = setup(mspAdmin, () =>
      jsonResponse(400, { errorLabel: 'VALIDATION_FAILED', message: 'invalid', errors: [{ field: 'vatNumber', messages: ['VAT number is not valid'] }] }),
    );
    await screen.findByTestId('company-details-form');
    await user.click(screen.getByTestId('company-details-save'));
    expect(await screen.findByText('VAT number is not valid')).toBeInTheDocument();
  });
});
