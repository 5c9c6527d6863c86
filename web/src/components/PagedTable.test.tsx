import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { PagedTable, type Column } from './PagedTable';

interface Row {
  id: string;
  name: string;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortProperty: 'name', render: (r) => r.name },
  { key: 'id', header: 'Id', sortProperty: 'id', render: (r) => r.id },
  { key: 'actions', header: 'Actions', hideHeader: true, render: (r) => <button type="button">Edit {r.name}</button> },
];
const rows: Row[] = [
  { id: 'r-1', name: 'First' },
  { id: 'r-2', name: 'Second' },
];

function setup(onRowOpen = vi.fn()) {
  const result = renderRoutes(
    [
      {
        path: '/list',
        element: (
          <PagedTable
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            isLoading={false}
            emptyMessage="Nothing"
            sort={{ property: 'name', direction: 'DESC' }}
            onSortChange={() => {}}
            rowHref={(r) => `/rows/${r.id}`}
            onRowOpen={onRowOpen}
          />
        ),
      },
      { path: '/rows/:id', element: <div>detail</div> },
    ],
    '/list',
  );
  return { ...result, user: userEvent.setup(), onRowOpen };
}

describe('PagedTable', () => {
  it('opens a row by keyboard: Tab reaches its link, Enter follows it', async () => {
    const { user, router, onRowOpen } = setup();
    const link = screen.getByRole('link', { name: 'Second' });
    expect(link).toHaveAttribute('href', '/rows/r-2');
    // Sort buttons, then the first row's link and action, then the second row's link.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/rows/r-2');
    expect(onRowOpen).toHaveBeenCalledWith(rows[1]);
  });

  it('opens a row clicked anywhere, but not for a click on a control in it', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    expect(router.state.location.pathname).toBe('/list');
    await user.click(screen.getByText('r-1'));
    expect(router.state.location.pathname).toBe('/rows/r-1');
  });

  it('puts aria-sort on the header cells, not on the sort buttons', () => {
    setup();
    const [name, id, actions] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(id).toHaveAttribute('aria-sort', 'none');
    expect(actions).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('button', { name: 'Sort by Name' })).not.toHaveAttribute('aria-sort');
  });

  it('adds a totals row under the columns that have a footer, only when there are rows', () => {
    const withTotals: Column<Row>[] = [{ ...columns[0]!, footer: 'Totals' }, { ...columns[1]!, footer: '2 rows' }, columns[2]!];
    const table = (list: Row[]) => (
      <PagedTable columns={withTotals} rows={list} rowKey={(r) => r.id} isLoading={false} emptyMessage="Nothing" />
    );
    const { rerender } = renderRoutes([{ path: '/', element: table(rows) }], '/');
    const footer = screen.getByText('Totals').closest('tfoot')!;
    expect([...footer.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Totals', '2 rows', '']);
    rerender(<></>);
    renderRoutes([{ path: '/', element: table([]) }], '/');
    expect(screen.queryByText('Totals')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing')).toBeInTheDocument();
  });

  it('says "more than" the total of a list counted only so far', () => {
    const paged = (more: boolean) => (
      <PagedTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        isLoading={false}
        emptyMessage="Nothing"
        page={1}
        totalPages={500}
        totalElements={5000}
        moreThanTotal={more}
        onPageChange={() => {}}
      />
    );
    const { rerender } = renderRoutes([{ path: '/', element: paged(true) }], '/');
    expect(screen.getByText('Total: more than 5000')).toBeInTheDocument();
    rerender(<></>);
    renderRoutes([{ path: '/', element: paged(false) }], '/');
    expect(screen.getByText('Total: 5000')).toBeInTheDocument();
  });
});
