import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddLinkedPartnerPage from './AddLinkedPartnerPage';
import BudgetsTab from './BudgetsTab';
import DetailsTab from './DetailsTab';
import LinkedPartnersTab from './LinkedPartnersTab';
import PartnerDetailPage from './PartnerDetailPage';

function partner(ospId: string, name: string, partnerType = 'MSP', extra: Record<string, unknown> = {}) {
  return {
    ospId,
    name,
    extId: name.toUpperCase(),
    partnerType,
    active: true,
    street: 'Kerkstraat',
    streetNumber: '1',
    zipCode: '9000',
    city: 'Gent',
    country: 'BE',
    vatNumber: 'BE0123456749',
    email: 'info@example.test',
    sendInvoices: true,
    selfBilling: false,
    selectedBudgetTypes: ['MOBILITY_BUDGET'],
    ...extra,
  };
}

const mobi = partner('p-mobi', 'MobiPartner');
const reseller = partner('p-res', 'ResellCo', 'RESELLER');
const mrp = partner('p-mrp', 'BikeFleet', 'MRP');

type Handler = (call: Call) => Response | undefined;

function setup(path: string, handler: Handler = () => undefined) {
  const { calls } = mockFetch((call) => {
    const own = handler(call);
    if (own) return own;
    if (call.url.endsWith('/partner/get')) return jsonResponse(200, mobi);
    if (call.url.endsWith('/partner/getAll')) return jsonResponse(200, [mobi, reseller, mrp]);
    if (call.url.endsWith('/partner/related/get')) return jsonResponse(200, { superPartners: [], subPartners: [reseller] });
    if (call.url.endsWith('/partner/deactivation/get')) return jsonResponse(200, null);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      { path: '/partners/:partnerOspId/add-linked', element: <AddLinkedPartnerPage /> },
      {
        path: '/partners/:partnerOspId',
        element: <PartnerDetailPage />,
        children: [
          { index: true, element: null },
          { path: 'details', element: <DetailsTab /> },
          { path: 'budgets', element: <BudgetsTab /> },
          { path: 'branding', element: null },
          { path: 'linked-partners', element: <LinkedPartnersTab /> },
        ],
      },
    ],
    path,
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true })),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const SLOW = { timeout: 20_000 };

describe('partner detail', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the details tab first, with the six tabs', SLOW, async () => {
    const { router } = setup('/partners/p-mobi');
    await waitFor(() => expect(router.state.location.pathname).toBe('/partners/p-mobi/details'));
    expect(await screen.findByTestId('partner-name')).toHaveTextContent('MobiPartner');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Products', 'Resources', 'Budgets', 'Branding', 'Linked partners']);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('MobiPartner');
  });

  it('deactivates after a confirm that says the companies go too, and shows the progress', SLOW, async () => {
    let started = false;
    const { user, calls } = setup('/partners/p-mobi/details', (call) => {
      if (call.url.endsWith('/partner/deactivate')) {
        started = true;
        return jsonResponse(200, {});
      }
      if (call.url.endsWith('/partner/deactivation/get') && started) {
        return jsonResponse(200, { status: 'RUNNING', companiesDone: 3, companiesTotal: 12 });
      }
      return undefined;
    });
    await user.click(await screen.findByTestId('deactivate-partner'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('All its companies, their admins and app users and their budgets are deactivated too');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate partner' }));

    expect(await screen.findByTestId('deactivation-progress')).toHaveTextContent('Deactivating the companies: 3 of 12 done.');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('deactivate-partner')).toBeDisabled();
    expect(calls.find((c) => c.url.endsWith('/partner/deactivate'))!.body).toEqual({ ospId: 'p-mobi' });
  });

  describe('budgets tab', () => {
    const onUpdate: Handler = (call) =>
      call.url.endsWith('/partner/update')
        ? jsonResponse(200, { ...mobi, selectedBudgetTypes: (call.body as { selectedBudgetTypes: string[] }).selectedBudgetTypes })
        : undefined;

    it('saves the selection without touching the companies when the box is not ticked', SLOW, async () => {
      const { user, calls } = setup('/partners/p-mobi/budgets', onUpdate);
      await user.click(await screen.findByRole('checkbox', { name: 'Cafeteria budget' }));
      await user.click(screen.getByTestId('save-budgets'));
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/partner/update'))).toBe(true));
      expect(screen.queryByRole('dialog')).toBeNull();
      const update = calls.find((c) => c.url.endsWith('/partner/update'))!;
      expect(update.body).toMatchObject({
        ospId: 'p-mobi',
        selectedBudgetTypes: ['MOBILITY_BUDGET', 'CAFETERIA_BUDGET'],
        applyChangesToCorporateAccounts: false,
        partnerData: expect.objectContaining({ name: 'MobiPartner', partnerType: 'MSP' }),
      });
    });

    it('asks to confirm "apply to all corporate accounts" and then sends applyChangesToCorporateAccounts', SLOW, async () => {
      const { user, calls } = setup('/partners/p-mobi/budgets', onUpdate);
      await user.click(await screen.findByRole('checkbox', { name: 'Commuting budget' }));
      await user.click(screen.getByRole('checkbox', { name: /Apply to all corporate accounts/ }));
      await user.click(screen.getByTestId('save-budgets'));

      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Every company of MobiPartner will offer exactly the selected budget types');
      expect(calls.some((c) => c.url.endsWith('/partner/update'))).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Save and apply' }));

      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/partner/update'))).toBe(true));
      expect(calls.find((c) => c.url.endsWith('/partner/update'))!.body).toMatchObject({
        selectedBudgetTypes: ['MOBILITY_BUDGET', 'COMMUTING_BUDGET'],
        applyChangesToCorporateAccounts: true,
      });
      await waitFor(() => expect(screen.getByRole('checkbox', { name: /Apply to all corporate accounts/ })).not.toBeChecked());
    });
  });

  describe('linked partners', () => {
    it('lists the links and removes one after confirming', SLOW, async () => {
      const { user, calls } = setup('/partners/p-mobi/linked-partners', (call) =>
        call.url.endsWith('/partner/related/remove') ? jsonResponse(200, {}) : undefined,
      );
      const subs = await screen.findByTestId('sub-partners');
      expect(await within(subs).findByText('ResellCo')).toBeInTheDocument();
      expect(within(screen.getByTestId('super-partners')).getByText('This partner has no super-partners.')).toBeInTheDocument();

      await user.click(within(subs).getByRole('button', { name: 'Remove link: ResellCo' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('ResellCo will no longer be a sub-partner of MobiPartner');
      await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/partner/related/remove'))).toBe(true));
      expect(calls.find((c) => c.url.endsWith('/partner/related/remove'))!.body).toEqual({
        ospId: 'p-mobi',
        relatedPartnerOspId: 'p-res',
        relation: 'SUB',
      });
    });

    it('offers every other partner and shows the server refusing a cycle', SLOW, async () => {
      const { user, calls, router } = setup('/partners/p-mobi/add-linked', (call) =>
        call.url.endsWith('/partner/related/add')
          ? jsonResponse(409, { errorLabel: 'PARTNER_LINK_CYCLE', message: 'cycle' })
          : undefined,
      );
      const select = await screen.findByTestId('linked-partner');
      await waitFor(() => expect(select).not.toBeDisabled());
      await user.click(select);
      const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
      // Never itself.
      expect(options).toEqual(['BikeFleet (MRP)', 'ResellCo (Reseller)']);
      await user.click(screen.getByRole('option', { name: 'BikeFleet (MRP)', hidden: true }));
      await user.click(screen.getByRole('radio', { name: 'Super-partner of MobiPartner' }));
      await user.click(screen.getByRole('button', { name: 'Link partner' }));

      expect(await screen.findByTestId('link-refused')).toHaveTextContent('This link would make a partner its own super-partner');
      expect(calls.find((c) => c.url.endsWith('/partner/related/add'))!.body).toEqual({
        ospId: 'p-mobi',
        relatedPartnerOspId: 'p-mrp',
        relation: 'SUPER',
      });
      expect(router.state.location.pathname).toBe('/partners/p-mobi/add-linked');
    });

    it('needs a partner before linking', SLOW, async () => {
      const { user, calls } = setup('/partners/p-mobi/add-linked');
      await user.click(await screen.findByRole('button', { name: 'Link partner' }));
      expect(await screen.findByText('Partner is required')).toBeInTheDocument();
      expect(calls.some((c) => c.url.endsWith('/partner/related/add'))).toBe(false);
    });
  });
});
