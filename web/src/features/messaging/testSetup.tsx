// What the feature's component tests render with: Acme's communication manager and a fetch.
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { Channel, Message } from './api/messaging';

export function channel(overrides: Partial<Channel> = {}): Channel {
  return {
    ospId: 'ch-1',
    name: 'Mobility news',
    corporateAccountOspId: 'ca-1',
    corporateAccountName: 'Acme NV',
    recipientAdminOspId: 'u-1',
    recipientAdminName: 'Ada Admin',
    allowReply: true,
    showInApp: true,
    messageCount: 1,
    createdOn: '2026-10-02T09:00:00Z',
    ...overrides,
  };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    ospId: 'm-1',
    channelOspId: 'ch-1',
    corporateAccountOspId: 'ca-1',
    title: 'Bike to work week',
    body: 'Ride!',
    push: true,
    allUsers: true,
    userGroupCount: 0,
    userCount: 0,
    recipientCount: 214,
    deliveredCount: 214,
    status: 'SENT',
    sentBy: 'Ada Admin',
    createdOn: '2026-10-05T09:00:00Z',
    sentOn: '2026-10-05T09:00:01Z',
    ...overrides,
  };
}

/** Renders routes as Acme's communication manager; handler answers calls (undefined: 404). */
export function renderAsCommunicationManager(routes: RouteObject[], initialEntry: string, handler: (call: Call) => Response | undefined) {
  const { calls } = mockFetch((call) => handler(call) ?? jsonResponse(404, { errorLabel: 'NOT_FOUND', message: 'not found' }));
  const result = renderRoutes(routes, initialEntry, newQueryClient(makeUser({ roles: ['communication_manager'] })));
  return { ...result, calls, user: userEvent.setup() };
}

/** The body of the last call to a path ending so. */
export const lastBody = (calls: Call[], suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).at(-1)?.body;

/** Mantine forms are slow to drive on a loaded machine. */
export const SLOW = { timeout: 30_000 };
