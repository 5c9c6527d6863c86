import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount } from '@/lib/session/selection';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import CompanyDeactivationPage, { viewOf } from './CompanyDeactivationPage';

const account = (active: boolean) => ({
  ospId: 'ca-1', name: 'Acme NV', companyType: 'B2B', active, city: '', street: '', streetNumber: '', zipCode: '', vatNumber: '',
  twoFactorForAdmins: false, partnerType: 'MSP', data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } },
});

const requested = {
  ospId: 'd-1', corporateAccount: { ospId: 'ca-1', name: 'Acme NV' }, companyActive: true, status: 'REQUESTED', overdue: false,
  requestedOn: '2026-11-20', requestedBy: { ospId: 'u-1', fullName: 'Anna Acme' }, handleBy: '2026-11-25', remark: 'Moving on',
  handledOn: null, handledBy: null, effectiveOn: null, extraCostsUntil: null, settledOn: null, withdrawnOn: null, activatedOn: null,
};
const handled = { ...requested, status: 'HANDLED', handledOn: '2026-11-23', handledBy: { ospId: 'u-9', fullName: 'Olivia Platform' }, effectiveOn: '2026-12-01', extraCostsUntil: '2027-01-30' };
const effective = { ...handled, status: 'EFFECTIVE', companyActive: false };

const companyAdmin = makeUser();
const mspAdmin = makeUser({ isMsp: true, id: 'p1/u-2/p1', corporateAccount: null });
const platformAdmin = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null });

function setup({ request = null as object | null, active = true, user = companyAdmin as SessionUser } = {}) {
  let current = request;
  let isActive = active;
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, account(isActive));
    if (call.url.endsWith('/corporateAccount/deactivation/get')) return jsonResponse(200, current);
    if (call.url.endsWith('/corporateAccount/deactivate')) {
      current = { ...requested, remark: (call.body as { remark?: string }).remark ?? '' };
      return jsonResponse(200, current);
    }
    if (call.url.endsWith('/corporateAccount/deactivation/withdraw')) {
      current = { ...requested, status: 'WITHDRAWN' };
      return jsonResponse(200, current);
    }
    if (call.url.endsWith('/corporateAccount/deactivation/handle')) {
      current = handled;
      return jsonResponse(200, current);
    }
    if (call.url.endsWith('/corporateAccount/activate')) {
      isActive = true;
      current = { ...effective, status: 'REACTIVATED', companyActive: true, activatedOn: '2027-02-01' };
      return jsonResponse(200, account(true));
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  selectCorporateAccount(user.isMsp ? 'ca-1' : null);
  const result = renderRoutes(
    [{ path: '/company/settings/deactivation', element: <CompanyDeactivationPage /> }],
    '/company/settings/deactivation',
    newQueryClient(user),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const view = async () => (await screen.findByTestId('deactivation-card')).getAttribute('data-view');

describe('CompanyDeactivationPage', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('decides the view from the active flag and the request', () => {
    expect(viewOf(true, null)).toBe('none');
    expect(viewOf(true, { ...requested, status: 'WITHDRAWN' } as never)).toBe('none');
    expect(viewOf(true, requested as never)).toBe('requested');
    expect(viewOf(true, handled as never)).toBe('handled');
    expect(viewOf(true, effective as never)).toBe('deactivated');
    expect(viewOf(false, null)).toBe('deactivated');
    expect(viewOf(true, { status: 'REACTIVATED' })).toBe('none');
  });

  it('none: explains the periods and requests with a remark after a confirmation', async () => {
    const { user, calls } = setup();
    expect(await view()).toBe('none');
    expect(screen.getByText('The request is handled within 3 working days.')).toBeInTheDocument();
    expect(screen.getByText('The remaining balances are settled 60 days after deactivation.')).toBeInTheDocument();
    expect(screen.queryByTestId('deactivation-withdraw-button')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('deactivation-request-button'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Remark'), 'Moving on');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/corporateAccount/deactivate'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/corporateAccount/deactivate'))!.body).toEqual({ ospId: 'ca-1', remark: 'Moving on' });
    await waitFor(() => expect(screen.getByTestId('deactivation-status')).toHaveTextContent('Deactivation requested'));
  });

  it('requested: shows its dates and can be withdrawn; a company admin cannot handle it', async () => {
    const { user, calls } = setup({ request: requested });
    expect(await view()).toBe('requested');
    expect(screen.getByTestId('deactivation-requestedOn')).toHaveTextContent('20/11/2026');
    expect(screen.getByTestId('deactivation-requestedBy')).toHaveTextContent('Anna Acme');
    expect(screen.getByTestId('deactivation-handleBy')).toHaveTextContent('25/11/2026');
    expect(screen.getByText('Moving on')).toBeInTheDocument();
    expect(screen.queryByTestId('deactivation-handle-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deactivation-request-button')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('deactivation-withdraw-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/deactivation/withdraw'))).toHaveLength(1));
    await waitFor(async () => expect(await view()).toBe('none'));
  });

  it('requested: platform staff can handle it now, and see when it is overdue', async () => {
    const { user, calls } = setup({ request: { ...requested, overdue: true }, user: platformAdmin });
    expect(await view()).toBe('requested');
    expect(screen.getByTestId('deactivation-overdue')).toHaveTextContent('Overdue');
    await user.click(screen.getByTestId('deactivation-handle-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Handle now' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/deactivation/handle'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/deactivation/handle'))!.body).toEqual({ ospId: 'ca-1' });
    await waitFor(async () => expect(await view()).toBe('handled'));
  });

  it('handled: shows when it takes effect and until when extra costs count, and can still be withdrawn', async () => {
    setup({ request: handled });
    expect(await view()).toBe('handled');
    expect(screen.getByTestId('deactivation-effectiveOn')).toHaveTextContent('01/12/2026');
    expect(screen.getByTestId('deactivation-extraCostsUntil')).toHaveTextContent('30/01/2027');
    expect(screen.getByTestId('deactivation-handledBy')).toHaveTextContent('Olivia Platform');
    expect(screen.getByTestId('deactivation-withdraw-button')).toBeInTheDocument();
  });

  it('effective: no withdraw; a company admin is told to ask the partner', async () => {
    setup({ request: effective, active: false });
    expect(await view()).toBe('deactivated');
    expect(screen.queryByTestId('deactivation-withdraw-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deactivation-activate-button')).not.toBeInTheDocument();
    expect(screen.getByText('Contact your partner to activate the company again.')).toBeInTheDocument();
  });

  it('deactivated: an MSP admin activates the company again', async () => {
    const { user, calls } = setup({ request: effective, active: false, user: mspAdmin });
    expect(await view()).toBe('deactivated');
    await user.click(screen.getByTestId('deactivation-activate-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Activate company' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/corporateAccount/activate'))).toHaveLength(1));
    await waitFor(async () => expect(await view()).toBe('none'));
  });

  it('is not there for an admin without user_manager', async () => {
    setup({ user: makeUser({ roles: ['invoice_manager'] }) });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
