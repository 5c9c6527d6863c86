import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { useFilterParams, useListParams } from './listState';

/** Two changes in one handler: both made before the list renders again. */
function Filters() {
  const params = useFilterParams();
  const statuses = params.get('status').split(',').filter(Boolean);
  return (
    <>
      <button type="button" onClick={() => {
        params.setList('status', statuses, [...statuses, 'SENT']);
        params.setList('status', statuses, [...statuses, 'PAID']);
      }}>
        pick two
      </button>
      <button type="button" onClick={() => {
        params.set('from', '202609');
        params.set('to', '202610');
      }}>
        range
      </button>
      <button type="button" onClick={() => params.setList('status', statuses, statuses.filter((s) => s !== 'SENT'))}>
        drop sent
      </button>
    </>
  );
}

/** A list's own parameters, two changed in one handler. */
function ListControls() {
  const list = useListParams();
  return (
    <button
      type="button"
      onClick={() => {
        list.setSearch('peeters');
        list.setInactive(true);
      }}
    >
      search inactive
    </button>
  );
}

describe('useListParams', () => {
  it('keeps both of two changes made before the list renders again', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <ListControls /> }], '/list?page=2');
    const search = () => new URLSearchParams(router.state.location.search);
    fireEvent.click(screen.getByRole('button', { name: 'search inactive' }));
    await waitFor(() => expect(search().get('inactive')).toBe('true'));
    expect(search().get('search')).toBe('peeters');
    expect(search().get('page')).toBeNull();
  });
});

describe('useFilterParams', () => {
  it('keeps every change made before the list renders again, and starts again at page 1', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <Filters /> }], '/list?page=3&status=CREATED');
    const search = () => new URLSearchParams(router.state.location.search);

    fireEvent.click(screen.getByRole('button', { name: 'pick two' }));
    await waitFor(() => expect(search().get('status')).toBe('CREATED,SENT,PAID'));
    expect(search().get('page')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'range' }));
    await waitFor(() => expect(search().get('to')).toBe('202610'));
    expect(search().get('from')).toBe('202609');
    expect(search().get('status')).toBe('CREATED,SENT,PAID');

    fireEvent.click(screen.getByRole('button', { name: 'drop sent' }));
    await waitFor(() => expect(search().get('status')).toBe('CREATED,PAID'));
  });
});
