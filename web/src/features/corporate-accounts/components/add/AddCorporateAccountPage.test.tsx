import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import type { SessionUser } from '@/lib/api/types';
import { selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddCorporateAccountPage from './AddCorporateAccountPage';

type User = ReturnType<typeof userEvent.setup>;

const mspAdmin = makeUser({ isMsp: true, corporateAccount: null });
const platformStaff = makeUser({ isMsp: true, isOspAdmin: true, roles: ['ospadmin'], corporateAccount: null });

const created = { ospId: 'ca-new', name: 'Umbrella NV' };

function setup(onCreate: (call: Call) => Response = () => jsonResponse(200, created), user: SessionUser = mspAdmin) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/companyType/list')) return jsonResponse(200, ['COMPANY', 'PUBLIC_SECTOR']);
    if (call.url.endsWith('/partner/get')) {
      const ospId = (call.body as { ospId: string }).ospId;
      return jsonResponse(200, {
        ospId,
        name: ospId === 'p2' ? 'RideOn' : 'MobiPartner',
        partnerType: 'MSP',
        active: true,
        selectedBudgetTypes: ospId === 'p2' ? ['BUSINESS_BUDGET'] : ['COMPANY_BUDGET', 'COMMUTING_BUDGET', 'MOBILITY_BUDGET'],
      });
    }
    if (call.url.endsWith('/partner/getAll')) {
      return jsonResponse(200, [
        { ospId: 'p1', name: 'MobiPartner', partnerType: 'MSP', active: true },
        { ospId: 'p2', name: 'RideOn', partnerType: 'MSP', active: true },
        { ospId: 'p3', name: 'Gone Mobility', partnerType: 'MSP', active: false },
      ]);
    }
    if (call.url.endsWith('/corporateAccount/create')) return onCreate(call);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      { path: '/corporate-accounts/add', element: <AddCorporateAccountPage /> },
      { path: '/company/details', element: <div data-testid="page">details</div> },
    ],
    '/corporate-accounts/add',
    newQueryClient(user),
  );
  // No pause between keystrokes: nothing here is debounced.
  return { ...result, calls, user: userEvent.setup({ delay: null }) };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const next = (user: User) => user.click(screen.getByRole('button', { name: 'Next' }));

async function choose(user: User, name: string, option: string) {
  await user.click(await screen.findByTestId(`field-${name}`));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillDetails(user: User) {
  await user.type(field(/^Name/), 'Umbrella NV');
  await user.type(field(/^External id/), 'UMBRELLA');
  await choose(user, 'companyType', 'Public sector');
  await user.type(field(/^Street/), 'Kerkstraat');
  await user.type(field(/^Number/), '12');
  await user.type(field(/^Postal code/), '2000');
  await user.type(field(/^City/), 'Antwerpen');
  await user.type(field(/^VAT number/), 'BE0123.456.749');
}

async function fillContract(user: User) {
  await choose(user, 'contractType', 'Business mobility');
}

async function fillAdmin(user: User) {
  await user.type(await screen.findByLabelText(/^First name/), 'Alice');
  await user.type(field(/^Last name/), 'Wonder');
  await user.type(field(/^E-mail/), 'alice@umbrella.test');
}

// Three steps of typing: slow on a busy machine, so more than the default 5 s.
describe('AddCorporateAccountPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    selectionStore.set(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks step 1: required fields, then the Belgian numbers by their check digits', async () => {
    const { user } = setup();
    await next(user);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('External id is required')).toBeInTheDocument();
    // The address is optional, as on the server.
    expect(screen.queryByText('Street is required')).toBeNull();

    await user.type(field(/^VAT number/), 'BE0123456748');
    await user.type(field(/^Company number/), '0123.456.748');
    await user.type(field(/^External id/), 'a b');
    await user.type(field(/^Maximum number of users/), '0');
    await next(user);
    expect(await screen.findByText('VAT number is not valid')).toBeInTheDocument();
    expect(screen.getByText('Company number is not valid')).toBeInTheDocument();
    expect(screen.getByText('External id may not contain dots or spaces')).toBeInTheDocument();
    expect(screen.getByText('Maximum number of users must be at least 1')).toBeInTheDocument();
    expect(screen.queryByText('Contract type')).toBeNull();
  });

  it('goes on with only the required fields of step 1', async () => {
    const { user } = setup();
    await next(user);
    await screen.findByText('Name is required');
    await user.type(field(/^Name/), 'Umbrella NV');
    await user.type(field(/^External id/), 'UMB1');
    await next(user);
    expect(await screen.findByTestId('field-contractType')).toBeInTheDocument();
  });

  it('checks step 2: deposit for postpaid, IBAN and BIC for direct debit, IBAN by mod 97', async () => {
    const { user } = setup();
    await fillDetails(user);
    await next(user);
    await screen.findByText('Contract and payment');
    await choose(user, 'paymentType', 'Postpaid with security deposit');
    await choose(user, 'invoicePaymentMethod', 'Direct debit');
    await next(user);
    expect(await screen.findByText('Contract type is required')).toBeInTheDocument();
    expect(screen.getByText('Security deposit is required')).toBeInTheDocument();
    expect(screen.getByText('IBAN is required')).toBeInTheDocument();
    expect(screen.getByText('BIC is required')).toBeInTheDocument();

    await user.type(field(/^IBAN/), 'BE68 5390 0754 7035');
    await user.type(field(/^BIC/), 'GEBA');
    await next(user);
    expect(await screen.findByText('IBAN is not valid')).toBeInTheDocument();
    expect(screen.getByText('BIC is not valid')).toBeInTheDocument();
    expect(screen.queryByText('First admin')).toBeNull();
  });

  it('creates the company with its first admin, then opens it', async () => {
    const { user, calls, router } = setup();
    await fillDetails(user);
    await next(user);
    await fillContract(user);
    await choose(user, 'paymentType', 'Postpaid with security deposit');
    await user.type(field(/^Security deposit/), '2500');
    await user.type(field(/^Company budget threshold/), '100.5');
    await user.type(field(/^IBAN/), 'be68 5390 0754 7034');
    await next(user);

    // Step 3 offers the partner's user budget types only (the company budget is not offered to employees).
    const budgetTypes = (await screen.findByText('Budget types')).closest('fieldset')!;
    expect(within(budgetTypes as HTMLElement).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual([
      'MOBILITY_BUDGET',
      'COMMUTING_BUDGET',
    ]);
    // The partner's types start ticked; the company offers only mobility.
    expect(screen.getByLabelText('Mobility budget')).toBeChecked();
    await user.click(screen.getByLabelText('Commuting budget'));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    await fillAdmin(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/company/details'));
    expect(router.state.location.search).toBe('?corporateAccountOspId=ca-new');
    expect(selectionStore.get()).toBe('ca-new');
    const create = calls.find((c) => c.url.endsWith('/corporateAccount/create'))!;
    expect(create.body).toEqual({
      name: 'Umbrella NV',
      companyType: 'PUBLIC_SECTOR',
      extId: 'UMBRELLA',
      street: 'Kerkstraat',
      streetNumber: '12',
      zipCode: '2000',
      city: 'Antwerpen',
      country: 'BE',
      vatNumber: 'BE0123.456.749',
      vatLiable: true,
      iban: 'be68 5390 0754 7034',
      twoFactorForAdmins: false,
      externalReferenceMandatory: false,
      contractType: 'BUSINESS_MOBILITY',
      invoiceSendingMethod: 'EMAIL',
      invoicePaymentMethod: 'MANUAL',
      paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT',
      securityDepositAmount: 250000,
      companyBudgetThreshold: 10050,
      selectedBudgetTypes: ['MOBILITY_BUDGET'],
      firstAdmin: { firstname: 'Alice', lastname: 'Wonder', email: 'alice@umbrella.test', language: 'nl' },
    });
    // An MSP admin's company is their own partner's: no partner is sent.
    expect(create.body).not.toHaveProperty('partnerOspId');
  });

  it('shows the server\'s field errors on their fields and goes back to the first step that has one', async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: [
          { field: 'vatNumber', messages: ['VAT number must be unique'] },
          { field: 'firstAdmin.email', messages: ['E-mail must be unique'] },
        ],
      }),
    );
    await fillDetails(user);
    await next(user);
    await fillContract(user);
    await next(user);
    await fillAdmin(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    // Back on step 1, the message under the VAT number.
    expect(await screen.findByText('VAT number must be unique')).toBeInTheDocument();
    expect(field(/^VAT number/)).toHaveAttribute('aria-invalid', 'true');
    // Step 3 keeps its own message for when the user gets there.
    await next(user);
    await next(user);
    expect(await screen.findByText('E-mail must be unique')).toBeInTheDocument();
  });

  it('lets platform staff choose the partner, whose budget types step 3 offers', async () => {
    const { user, calls } = setup(undefined, platformStaff);
    await fillDetails(user);
    await next(user);
    await fillContract(user);
    await next(user);
    expect(await screen.findByText('Partner is required')).toBeInTheDocument();
    await user.click(await screen.findByTestId('field-partnerOspId'));
    // Only active partners get new companies.
    expect(screen.queryByRole('option', { name: 'Gone Mobility', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'RideOn', hidden: true }));
    await next(user);
    const budgetTypes = (await screen.findByText('Budget types')).closest('fieldset')!;
    await waitFor(() =>
      expect(within(budgetTypes as HTMLElement).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual([
        'BUSINESS_BUDGET',
      ]),
    );
    // At least one of the partner's types: the server refuses an empty list.
    await user.click(screen.getByLabelText('Business budget'));
    await fillAdmin(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Offered budget types is required')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Business budget'));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/corporateAccount/create'))).toBe(true));
    const create = calls.find((c) => c.url.endsWith('/corporateAccount/create'))!;
    expect(create.body).toMatchObject({ partnerOspId: 'p2', selectedBudgetTypes: ['BUSINESS_BUDGET'] });
  });
});
