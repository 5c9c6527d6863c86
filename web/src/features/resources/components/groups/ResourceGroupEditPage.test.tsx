import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import type { ResourceSummary } from '../../api/types';
import { fill, lastBody, renderAsStaff, SLOW } from '../../testSetup';
import ResourceGroupEditPage from './ResourceGroupEditPage';

const summary = (ospId: string, name: string, kind: ResourceSummary['kind'], active = true): ResourceSummary => ({
  ospId, name, kind, active, extId: ospId.toUpperCase(), mrpPartner: { ospId: 'p-bb', name: 'Blue-bike' }, mobilityMode: 'BIKE',
  labels: [], city: 'Gent', latitude: 51, longitude: 3.7, hasIcon: false,
});
const ghent = summary('bk-1', 'Blue-bike Gent-Sint-Pieters', 'bike');
const group = {
  ospId: 'g-1', name: 'Ghent bikes', description: 'Bike stations in Ghent', active: true, resourceCount: 1, activeResourceCount: 1,
  createdOn: '2026-01-05T10:00:00Z', resources: [ghent],
};

function setup(initial = '/resource-management/resource-groups/g-1') {
  return renderAsStaff(
    [{ path: '/resource-management/resource-groups/:createOrEdit', element: <ResourceGroupEditPage /> }],
    initial,
    (call) => {
      if (call.url.endsWith('/resourcegroup/get')) return jsonResponse(200, group);
      if (call.url.endsWith('/resourcegroup/create')) return jsonResponse(200, { ...group, ospId: 'g-new', resources: [] });
      if (['/resourcegroup/add', '/resourcegroup/remove', '/resourcegroup/activate'].some((p) => call.url.endsWith(p))) {
        return jsonResponse(200, group);
      }
      if (call.url.endsWith('/resource/getByFilter')) {
        return jsonResponse(200, { content: [ghent, summary('bk-2', 'Blue-bike Gent-Dampoort', 'bike')], page: 1, size: 20, totalElements: 2, totalPages: 1 });
      }
      return undefined;
    },
  );
}

describe('resource group create-or-edit', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a group by name and description, then opens it', SLOW, async () => {
    const { user, calls, router } = setup('/resource-management/resource-groups/create');
    await user.click(await screen.findByTestId('save-group'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^Name/), '  Ghent bikes ');
    await fill(user, screen.getByLabelText(/^Description/), 'Bike stations in Ghent');
    await user.click(screen.getByTestId('save-group'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resource-management/resource-groups/g-new'));
    expect(lastBody(calls, '/resourcegroup/create')).toEqual({ name: 'Ghent bikes', description: 'Bike stations in Ghent' });
  });

  it('adds resources found with the picker, leaving out the members', SLOW, async () => {
    const { user, calls } = setup();
    const members = await screen.findByTestId('group-members');
    expect(within(members).getByText('Blue-bike Gent-Sint-Pieters')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-members'));
    const dialog = await screen.findByRole('dialog', { name: 'Add resources to the group' });
    const candidates = await within(dialog).findByTestId('picker-candidates');
    expect(within(candidates).queryByText(/Gent-Sint-Pieters/)).toBeNull();
    expect(lastBody(calls, '/resource/getByFilter')).toEqual({
      active: true,
      pagination: { page: 1, size: 20, sortOrders: [{ property: 'name', direction: 'ASC' }] },
    });
    await user.click(within(candidates).getByRole('checkbox', { name: /Blue-bike Gent-Dampoort/ }));
    await user.click(within(dialog).getByTestId('picker-add'));
    await waitFor(() => expect(lastBody(calls, '/resourcegroup/add')).toEqual({ ospId: 'g-1', resourceOspIds: ['bk-2'] }));
  });

  it('searches the picker by text', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByTestId('add-members'));
    await user.type(await screen.findByTestId('picker-search'), 'damp');
    await waitFor(() => expect(lastBody(calls, '/resource/getByFilter')).toMatchObject({ search: 'damp', active: true }), { timeout: 5_000 });
  });

  it('removes a member', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Blue-bike Gent-Sint-Pieters from the group' }));
    await waitFor(() => expect(lastBody(calls, '/resourcegroup/remove')).toEqual({ ospId: 'g-1', resourceOspIds: ['bk-1'] }));
  });

  it('deactivates the group after a confirmation', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByTestId('toggle-active'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ghent bikes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(lastBody(calls, '/resourcegroup/activate')).toEqual({ ospId: 'g-1', active: false }));
  });
});
