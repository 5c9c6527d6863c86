import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { newQueryClient } from '@/test/render';
import { DeactivateDialog, deactivationRequest } from './DeactivateDialog';

const user = {
  ospId: 'u-9', type: 'mobile', fullName: 'Jan Peeters', active: true, blocked: false,
  userData: { desiredDeactivationDate: '' },
} as unknown as User;

function setup() {
  const { calls } = mockFetch(({ body }) => jsonResponse(200, { ...user, ...(body as object) }));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MantineProvider>
        <DeactivateDialog user={user} opened onClose={onClose} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose, events: userEvent.setup() };
}

describe('DeactivateDialog', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(['NOW', 'END_OF_DAY', 'MANUALLY'] as const)('sends %s without a date', async (when) => {
    const { calls, onClose, events } = setup();
    await events.click(screen.getByTestId(`deactivate-${when}`));
    await events.click(screen.getByTestId('deactivate-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/portal-service/v1/user/deactivate', body: { ospId: 'u-9', when } });
    expect(calls[0]!.body).not.toHaveProperty('date');
  });

  it('sends ON_DATE with the chosen day as yyyy-MM-dd, and asks for the day first', async () => {
    const { calls, onClose, events } = setup();
    await events.click(screen.getByTestId('deactivate-ON_DATE'));
    await events.click(screen.getByTestId('deactivate-confirm'));
    expect(await screen.findByText('Deactivation date is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await events.type(screen.getByTestId('deactivate-date'), '15/08/2031');
    await events.click(screen.getByText('When?'));
    await events.click(screen.getByTestId('deactivate-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ ospId: 'u-9', when: 'ON_DATE', date: '2031-08-15' });
  });

  it('builds each mode\'s request', () => {
    expect(deactivationRequest('u', 'NOW', '2031-01-01')).toEqual({ ospId: 'u', when: 'NOW' });
    expect(deactivationRequest('u', 'ON_DATE', '')).toBeNull();
    expect(deactivationRequest('u', 'ON_DATE', '2031-01-01')).toEqual({ ospId: 'u', when: 'ON_DATE', date: '2031-01-01' });
  });
});
