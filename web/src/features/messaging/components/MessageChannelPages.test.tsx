import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { channel, lastBody, message, renderAsCommunicationManager, SLOW } from '../testSetup';
import AddMessageChannelPage from './AddMessageChannelPage';
import MessageChannelDetailPage from './MessageChannelDetailPage';
import MessageChannelsPage from './MessageChannelsPage';

const ADMINS = [{ ospId: 'u-1', fullName: 'Ada Admin', email: 'ada@acme.test' }];

describe('message channels', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the company channels and opens one', SLOW, async () => {
    const { user, calls, router } = renderAsCommunicationManager(
      [
        { path: '/communication/message-channels', element: <MessageChannelsPage /> },
        { path: '/communication/message-channels/:channelOspId', element: <p>detail</p> },
      ],
      '/communication/message-channels',
      (call) => (call.url.endsWith('/messageChannel/getForUser') ? jsonResponse(200, [channel({ messageCount: 3 })]) : undefined),
    );
    const table = within(await screen.findByTestId('message-channels-table'));
    expect(await table.findByText('Mobility news')).toBeInTheDocument();
    expect(table.getByText('Ada Admin')).toBeInTheDocument();
    expect(table.getByText('3')).toBeInTheDocument();
    expect(lastBody(calls, '/messageChannel/getForUser')).toEqual({ corporateAccountOspId: 'ca-1' });
    await user.click(table.getByText('Mobility news'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/communication/message-channels/ch-1'));
  });

  it('adds a channel: replies need a recipient admin, server refusals on their field', SLOW, async () => {
    const { user, calls } = renderAsCommunicationManager(
      [{ path: '/communication/message-channels/add', element: <AddMessageChannelPage /> }],
      '/communication/message-channels/add',
      (call) => {
        if (call.url.includes('/user/getMessagingRecipients')) return jsonResponse(200, ADMINS);
        if (call.url.endsWith('/messageChannel/add'))
          return jsonResponse(400, {
            errorLabel: 'VALIDATION_FAILED',
            message: 'Channel name may have at most 100 characters',
            errors: [{ field: 'channel.name', messages: ['Channel name may have at most 100 characters'] }],
          });
        return undefined;
      },
    );
    await user.click(await screen.findByTestId('channel-create'));
    expect(await screen.findByText('Channel name is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('channel-name'), 'Parking');
    await user.click(screen.getByText('Allow reply'));
    await user.click(screen.getByTestId('channel-create'));
    expect(await screen.findByText('Choose a recipient admin to allow replies')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/messageChannel/add'))).toBe(false);
    await user.click(screen.getByTestId('channel-recipient-admin'));
    await user.click(await screen.findByRole('option', { name: 'Ada Admin', hidden: true }));
    await user.click(screen.getByTestId('channel-create'));
    expect(await screen.findByText('Channel name may have at most 100 characters')).toBeInTheDocument();
    expect(lastBody(calls, '/messageChannel/add')).toEqual({
      channel: { name: 'Parking', recipientAdminOspId: 'u-1', allowReply: true, showInApp: true, corporateAccountOspId: 'ca-1' },
    });
  });

  it('shows a channel with the messages sent on it and their recipient counts, and saves changes', SLOW, async () => {
    const { user, calls } = renderAsCommunicationManager(
      [{ path: '/communication/message-channels/:channelOspId', element: <MessageChannelDetailPage /> }],
      '/communication/message-channels/ch-1',
      (call) => {
        if (call.url.endsWith('/messageChannel/get')) return jsonResponse(200, channel());
        if (call.url.includes('/user/getMessagingRecipients')) return jsonResponse(200, ADMINS);
        if (call.url.endsWith('/message/getByChannel'))
          return jsonResponse(200, {
            content: [message(), message({ ospId: 'm-2', title: 'Parking closed', recipientCount: 4, status: 'SENDING' })],
            totalElements: 2,
            totalPages: 1,
            page: 1,
            size: 10,
          });
        if (call.url.endsWith('/messageChannel/update')) return jsonResponse(200, channel({ name: 'News' }));
        return undefined;
      },
    );
    expect(await screen.findByTestId('channel-title')).toHaveTextContent('Mobility news');
    const table = within(await screen.findByTestId('channel-messages-table'));
    expect(await table.findByText('Bike to work week')).toBeInTheDocument();
    expect(table.getByText('214')).toBeInTheDocument();
    expect(table.getByText('4')).toBeInTheDocument();
    expect(table.getByText('Sending')).toBeInTheDocument();
    const name = screen.getByTestId('channel-name');
    await user.clear(name);
    await user.type(name, 'News');
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() =>
      expect(lastBody(calls, '/messageChannel/update')).toEqual({
        channel: { ospId: 'ch-1', name: 'News', recipientAdminOspId: 'u-1', allowReply: true, showInApp: true },
      }),
    );
  });
});
