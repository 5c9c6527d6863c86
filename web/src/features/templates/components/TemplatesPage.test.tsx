import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { bodies, renderAsStaff, SLOW, template } from '../testSetup';
import TemplatesPage from './TemplatesPage';

const PAGE = {
  content: [template(), template({ ospId: 'tpl-2', name: 'Acme invoice', ownerType: 'CORPORATE_ACCOUNT', ownerName: 'Acme NV', predefinedName: undefined, languages: ['en'] })],
  totalElements: 2,
  totalPages: 1,
  page: 1,
  size: 20,
};

function setup() {
  return renderAsStaff(
    [
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/templates/edit', element: <p data-testid="edit-route">edit</p> },
    ],
    '/templates',
    (call) => (call.url.endsWith('/template/get') ? jsonResponse(200, PAGE) : undefined),
  );
}

describe('templates list', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the templates with owner and languages, filters on the server and opens a row', SLOW, async () => {
    const { user, calls, router } = setup();
    const table = await screen.findByTestId('templates-table');
    expect(await within(table).findByText('MobiPartner welcome')).toBeInTheDocument();
    expect(within(table).getByText('FR, NL')).toBeInTheDocument();
    expect(within(table).getByText(/Acme NV/)).toBeInTheDocument();
    expect(bodies(calls, '/template/get')[0]).toEqual({ pagination: { page: 1, size: 20 } });

    await user.type(screen.getByTestId('filter-owner'), 'mobi');
    await waitFor(() => expect(bodies(calls, '/template/get').at(-1)).toEqual({ ownerNameLike: 'mobi', pagination: { page: 1, size: 20 } }), SLOW);

    await user.click(within(table).getByRole('link', { name: 'MobiPartner welcome' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ospId=tpl-1'));
  });
});
