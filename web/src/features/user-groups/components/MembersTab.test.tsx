import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import MembersTab from './MembersTab';
import UserGroupDetailPage from './UserGroupDetailPage';

const group = (isDefault: boolean) => ({
  ospId: 'g-1',
  data: { active: true, description: 'Sales team', extId: 'Sales', name: 'Sales', corporateAccount: { ospId: 'ca-1' }, userCount: 1, isDefault },
});
const person = (ospId: string, name: string, login: string) => ({
  ospId, type: 'mobile', firstname: name, lastname: '', fullName: name, email: `${login}@acme.test`, login, msisdn: '',
  employeeNumber: '', extId: '', active: true, blocked: false, roles: [], contactTypes: [], corporateAccount: null,
  desiredDeactivationDate: '',
});
const page = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1, page: 1, size: 10 });

function setup(isDefault = false) {
  const { calls } = mockFetch(({ url, body }) => {
    if (url.endsWith('/usergroup/getByOspId')) return jsonResponse(200, group(isDefault));
    if (url.endsWith('/user/findByAny')) {
      const filter = body as { excludeMembersOf?: string };
      return jsonResponse(200, filter.excludeMembersOf ? page([person('u-2', 'Sophie Dubois', 'sophie.dubois')]) : page([person('u-1', 'Jan Peeters', 'jan.peeters')]));
    }
    if (url.endsWith('/usergroup/addUsers') || url.endsWith('/usergroup/removeUsers')) return jsonResponse(200, group(isDefault));
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes(
    [{ path: '/manage/user-groups/:userGroupOspId', element: <UserGroupDetailPage />, children: [{ path: 'members', element: <MembersTab /> }] }],
    '/manage/user-groups/g-1/members',
    newQueryClient(makeUser()),
  );
  return { calls, user: userEvent.setup() };
}

describe('group members tab', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the members of the group', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Jan Peeters')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/user/findByAny'))!.body).toMatchObject({
      corporateAccountOspId: 'ca-1', userGroupOspId: 'g-1', pagination: { page: 1, size: 10 },
    });
  });

  it('adds users found among those who are not members yet', async () => {
    const { calls, user } = setup();
    await screen.findByText('Jan Peeters');
    await user.click(screen.getByTestId('add-members'));
    await user.click(await screen.findByLabelText('Sophie Dubois (sophie.dubois)'));
    const candidates = calls.find((c) => (c.body as { excludeMembersOf?: string })?.excludeMembersOf);
    expect(candidates!.body).toMatchObject({ excludeMembersOf: 'g-1', types: ['mobile'], corporateAccountOspId: 'ca-1' });

    await user.click(screen.getByTestId('add-members-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/usergroup/addUsers'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/usergroup/addUsers'))!.body).toEqual({
      usergroup: { ospId: 'g-1' },
      users: [{ ospId: 'u-2' }],
    });
  });

  it('removes a member', async () => {
    const { calls, user } = setup();
    await screen.findByText('Jan Peeters');
    await user.click(screen.getByTestId('remove-member-jan.peeters'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/usergroup/removeUsers'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/usergroup/removeUsers'))!.body).toEqual({
      usergroup: { ospId: 'g-1' },
      users: [{ ospId: 'u-1' }],
    });
  });

  it('does not let anyone edit the default group\'s members', async () => {
    setup(true);
    await screen.findByText('Jan Peeters');
    expect(screen.getByTestId('add-members')).toBeDisabled();
    expect(screen.getByTestId('remove-member-jan.peeters')).toBeDisabled();
  });
});
