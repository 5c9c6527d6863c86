import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { jsonResponse, mockFetch } from '@/test/http';
import { newQueryClient } from '@/test/render';
import { CorporateAccountSelector } from './CorporateAccountSelector';

const acme = {
  ospId: 'ca-1',
  name: 'Acme NV',
  companyType: 'B2B',
  data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } },
};

function setup(onChange = vi.fn(), scope: { partnerOspId?: string | null; companyType?: string | null } = {}) {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MantineProvider>
        <CorporateAccountSelector value={null} onChange={onChange} {...scope} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { input: screen.getByPlaceholderText('Search by name or external id'), onChange, user };
}

describe('CorporateAccountSelector', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('searches only from 3 characters, 700 ms after the last keystroke', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { content: [acme], totalElements: 1, totalPages: 1, page: 1, size: 20 }),
    );
    const { input, user } = setup();

    await user.type(input, 'Ac');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters')).toBeInTheDocument();

    await user.type(input, 'm');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    await user.type(input, 'e');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/portal-service/v1/corporateAccount/getByFilter',
      body: { nameOrExtIdLike: 'Acme', pagination: { page: 1, size: 20 } },
    });
    expect(await screen.findByText('Acme NV (ACME)')).toBeInTheDocument();
  });

  it('reports the chosen company', async () => {
    mockFetch(() => jsonResponse(200, { content: [acme], totalElements: 1, totalPages: 1, page: 1, size: 20 }));
    const { input, onChange, user } = setup();
    await user.type(input, 'acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await user.click(await screen.findByText('Acme NV (ACME)'));
    expect(onChange).toHaveBeenCalledWith('ca-1');
  });

  it('searches within the partner and company type given', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { content: [acme], totalElements: 1, totalPages: 1, page: 1, size: 20 }));
    const { input, user } = setup(vi.fn(), { partnerOspId: 'p2', companyType: 'PUBLIC_SECTOR' });
    await user.type(input, 'acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ nameOrExtIdLike: 'acme', partnerOspId: 'p2', companyType: 'PUBLIC_SECTOR' });
  });

  it('sends no partner or type without them', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { content: [acme], totalElements: 1, totalPages: 1, page: 1, size: 20 }));
    const { input, user } = setup(vi.fn(), { partnerOspId: null, companyType: null });
    await user.type(input, 'acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).not.toHaveProperty('partnerOspId');
    expect(calls[0]!.body).not.toHaveProperty('companyType');
  });

  it('can be cleared', async () => {
    mockFetch(() => jsonResponse(200, { content: [acme], totalElements: 1, totalPages: 1, page: 1, size: 20 }));
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <MantineProvider>
          <CorporateAccountSelector value={{ ospId: 'ca-1', name: 'Acme NV' }} onChange={onChange} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // Reachable by keyboard: tab from the box to its clear button, then Enter.
    screen.getByRole('combobox', { name: 'Company' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear the company' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('says so when nothing matches', async () => {
    mockFetch(() => jsonResponse(200, { content: [], totalElements: 0, totalPages: 0, page: 1, size: 20 }));
    const { input, user } = setup();
    await user.type(input, 'zzz');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
  });
});
