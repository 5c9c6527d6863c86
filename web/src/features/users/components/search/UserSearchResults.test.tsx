import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserSearchPage, UserSearchResult } from '@/lib/api/types';
import { renderRoutes } from '@/test/render';
import { UserSearchResults } from './UserSearchResults';

const result = (n: number) =>
  ({
    ospId: `u-${n}`, type: 'mobile', fullname: `User ${n}`, login: `user.${n}`, email: `u${n}@acme.test`, msisdn: '',
    active: true, corporateAccountOspId: 'ca-1', corporateAccountName: 'Acme NV', searchMatchedOn: [],
  }) as unknown as UserSearchResult;

const query = {
  isPending: false,
  isError: false,
  data: { content: [result(1), result(2)], totalElements: 2, totalPages: 1 },
} as unknown as UseQueryResult<UserSearchPage>;

describe('UserSearchResults', () => {
  it('opens a result by keyboard', async () => {
    const onOpen = vi.fn();
    const { router } = renderRoutes(
      [
        { path: '/', element: <UserSearchResults query={query} resultHref={(r) => `/users/${r.ospId}`} onOpen={onOpen} /> },
        { path: '/users/:id', element: <div>detail</div> },
      ],
      '/',
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'User 1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'User 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/users/u-2');
    expect(onOpen).toHaveBeenCalledWith(result(2));
  });

  it('says "more than" when the search found more users than it counted', () => {
    const many = {
      ...query,
      data: { content: [result(1)], totalElements: 5000, totalPages: 5, moreThanTotal: true },
    } as unknown as UseQueryResult<UserSearchPage>;
    renderRoutes([{ path: '/', element: <UserSearchResults query={many} resultHref={(r) => `/users/${r.ospId}`} /> }], '/');
    expect(screen.getByText('Users found: more than 5000')).toBeInTheDocument();
  });
});
