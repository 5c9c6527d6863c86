import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { RESOURCE_TABS } from '@/lib/routes';
import { renderAsStaff, SLOW } from '../testSetup';
import ResourceManagementPage from './ResourceManagementPage';

function setup(initial: string) {
  return renderAsStaff(
    [
      {
        path: '/resource-management',
        element: <ResourceManagementPage />,
        children: [
          { index: true, element: null },
          ...RESOURCE_TABS.map(({ tab }) => ({ path: `${tab}/*`, element: <div data-testid="tab-content">{tab}<Outlet /></div> })),
        ],
      },
    ],
    initial,
    () => undefined,
  );
}

describe('resource management', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the first tab, services', SLOW, async () => {
    const { router } = setup('/resource-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/resource-management/services'));
    expect(await screen.findByTestId('tab-content')).toHaveTextContent('services');
  });

  it('shows the nine tabs of SPEC §2 in order; a tab is a route, without the other list\'s filters', SLOW, async () => {
    const { router, user } = setup('/resource-management/bike?search=gent&page=2');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Services', 'Transport', 'Parking', 'Bike', 'Car', 'Rental', 'Resource groups', 'Labels', 'Gas stations',
    ]);
    expect(screen.getByRole('tab', { name: 'Bike' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Gas stations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resource-management/gas-station'));
    expect(router.state.location.search).toBe('');
  });

  it('keeps the tab selected on its {createOrEdit} route', SLOW, async () => {
    setup('/resource-management/resource-groups/g-1');
    expect(await screen.findByRole('tab', { name: 'Resource groups' })).toHaveAttribute('aria-selected', 'true');
  });
});
