import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, type Call } from '@/test/http';
import { channel, lastBody, message, renderAsCommunicationManager, SLOW } from '../testSetup';
import SendMessagePage from './SendMessagePage';

const GROUPS = {
  content: [{ ospId: 'g-1', data: { name: 'Commuters', userCount: 4, active: true, description: '', extId: 'Commuters', corporateAccount: { ospId: 'ca-1' }, isDefault: false } }],
  totalElements: 1,
  totalPages: 1,
  page: 1,
  size: 100,
};

function setup(onSend: (call: Call) => Response = () => jsonResponse(200, message({ recipientCount: 5 }))) {
  return renderAsCommunicationManager(
    [
      { path: '/communication/message/add', element: <SendMessagePage /> },
      { path: '/communication/message-channels/:channelOspId', element: <p>channel page</p> },
    ],
    '/communication/message/add?channel=ch-2',
    (call) => {
      if (call.url.endsWith('/messageChannel/getForUser')) return jsonResponse(200, [channel(), channel({ ospId: 'ch-2', name: 'Parking' })]);
      if (call.url.endsWith('/usergroup/findAll')) return jsonResponse(200, GROUPS);
      if (call.url.endsWith('/messageChannel/destinationUsers')) {
        const all = (call.body as { recipients: { all: boolean } }).recipients.all;
        const users = [{ ospId: 'u-7', fullName: 'Jan Peeters', email: 'jan@acme.test' }];
        return jsonResponse(200, { count: all ? 214 : 4, users: { content: users, totalElements: all ? 214 : 4, totalPages: 1, page: 1, size: 5 } });
      }
      if (call.url.endsWith('/message/send')) return onSend(call);
      return undefined;
    },
  );
}

describe('send a message in three steps', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the content, shows the recipient count, and sends once with an idempotency key', SLOW, async () => {
    const { user, calls, router } = setup();
    // the channel named in the link is chosen
    expect(await screen.findByTestId('message-channel')).toHaveValue('Parking');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('message-title'), 'Parking closed');
    await user.type(screen.getByTestId('message-body'), 'Saturday the parking is closed.');
    await user.click(screen.getByTestId('wizard-next'));

    // step 2: all users by default, with their count
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('214 recipients'));
    await user.click(screen.getByText('User groups and users'));
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Choose user groups or users')).toBeInTheDocument();
    await user.click(screen.getByTestId('recipient-groups'));
    await user.click(await screen.findByRole('option', { name: 'Commuters (4)', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('4 recipients'));
    expect(screen.getByTestId('recipient-preview')).toHaveTextContent('Jan Peeters and 3 more');
    expect(lastBody(calls, '/messageChannel/destinationUsers')).toMatchObject({
      channelOspId: 'ch-2',
      recipients: { all: false, userGroupOspIds: ['g-1'], userOspIds: [] },
    });
    await user.click(screen.getByTestId('wizard-next'));

    // step 3: review, then send
    const review = within(await screen.findByTestId('message-review'));
    expect(review.getByText('Parking closed')).toBeInTheDocument();
    expect(review.getByText(/4 recipients/)).toBeInTheDocument();
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/communication/message-channels/ch-1'));
    const sends = calls.filter((c) => c.url.endsWith('/message/send'));
    expect(sends).toHaveLength(1);
    expect(sends[0]!.headers['Idempotency-Key']).toMatch(/\S/);
    expect(sends[0]!.body).toEqual({
      message: {
        channelOspId: 'ch-2',
        title: 'Parking closed',
        body: 'Saturday the parking is closed.',
        push: false,
        recipients: { all: false, userGroupOspIds: ['g-1'], userOspIds: [] },
      },
    });
  });

  it('shows the server refusal on its field and goes back to the step', SLOW, async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'Title may have at most 150 characters',
        errors: [{ field: 'message.title', messages: ['Title may have at most 150 characters'] }],
      }),
    );
    await user.type(await screen.findByTestId('message-title'), 'Hello');
    await user.type(screen.getByTestId('message-body'), 'World');
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('214 recipients'));
    await user.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('message-review');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Title may have at most 150 characters')).toBeInTheDocument();
    expect(screen.getByTestId('message-title')).toBeVisible();
  });
});
