import { Anchor, Box, Center, Group, Loader, Pagination, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { SortOrder } from '@/lib/api/types';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';

export interface Column<T> {
  key: string;
  header: string;
  /** The header is read by screen readers but not shown (icon columns, actions). */
  hideHeader?: boolean;
  render: (row: T) => ReactNode;
  /** The server's sort property; columns without one are not sortable. */
  sortProperty?: string;
  width?: number | string;
  /**
   * This column's cell holds the link that opens the row (with `rowHref`).
   * Without one, the first column does.
   */
  rowLink?: boolean;
  /** A totals row's cell under this column (the row shows when a column has one and there are rows). */
  footer?: ReactNode;
}

export interface Sort {
  property: string;
  direction: NonNullable<SortOrder['direction']>;
}

export interface PagedTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  /** A refetch with the previous page still shown (page or sort change). */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyMessage: string;
  page?: number;
  totalPages?: number;
  totalElements?: number;
  /** More rows than totalElements: a search that finds a great many is counted only so far (the server's moreThanTotal). */
  moreThanTotal?: boolean;
  onPageChange?: (page: number) => void;
  sort?: Sort | null;
  onSortChange?: (sort: Sort) => void;
  /**
   * Where a row leads. The row then holds a real link (reachable by Tab,
   * opened by Enter, a new tab by middle click); a click anywhere else on
   * the row follows it too.
   */
  rowHref?: (row: T) => string;
  /** Runs when a row is opened, before the navigation (e.g. select its company). */
  onRowOpen?: (row: T) => void;
  testId?: string;
}

// A click on one of these inside a row does its own thing, not open the row.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="switch"], [role="checkbox"]';

/**
 * A server-side paged and sorted table with its loading, error and empty
 * states, so every list in the portal behaves the same way.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { columns, rows, rowKey, rowHref, onRowOpen, sort, onSortChange } = props;

  if (props.error && !rows) return <ErrorState error={props.error} onRetry={props.onRetry} />;

  const toggleSort = (property: string) => {
    const direction = sort?.property === property && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    onSortChange?.({ property, direction });
  };
  const linkColumn = columns.find((column) => column.rowLink)?.key ?? columns[0]?.key;

  // The mouse may click anywhere on the row; the keyboard uses the row's link.
  const onRowClick = (row: T, event: MouseEvent<HTMLTableRowElement>) => {
    if (!rowHref) return;
    const target = event.target as Element;
    // A dialog opened from the row is portalled elsewhere, but React still bubbles its clicks here.
    if (!event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not opening
    onRowOpen?.(row);
    navigate(rowHref(row));
  };

  const nothingFocusable = !(rows && rows.length > 0) && !columns.some((column) => column.sortProperty && onSortChange);
  return (
    <Box pos="relative" data-testid={props.testId}>
      {/* Without a row or a sort button nothing inside takes focus, so the viewport does: a table wider than the screen still scrolls by keyboard (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={600} scrollAreaProps={{ viewportProps: { tabIndex: nothingFocusable ? 0 : undefined } }}>
        <Table highlightOnHover={Boolean(rowHref)} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const sortable = Boolean(column.sortProperty && onSortChange);
                const active = sortable && sort?.property === column.sortProperty;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    aria-sort={!sortable ? undefined : !active ? 'none' : sort?.direction === 'DESC' ? 'descending' : 'ascending'}
                  >
                    {column.hideHeader ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : sortable ? (
                      <SortHeader
                        label={column.header}
                        active={active}
                        direction={sort?.direction}
                        onClick={() => toggleSort(column.sortProperty!)}
                      />
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={rowHref ? (event) => onRowClick(row, event) : undefined}
                style={rowHref ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    {rowHref && column.key === linkColumn ? (
                      <Anchor component={Link} to={rowHref(row)} onClick={() => onRowOpen?.(row)} inherit>
                        {column.render(row)}
                      </Anchor>
                    ) : (
                      column.render(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {rows && rows.length > 0 && columns.some((column) => column.footer !== undefined) && (
            <Table.Tfoot>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.footer}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {props.isLoading && (
        <Center py="lg" role="status" aria-label={t('loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {!props.isLoading && rows && rows.length === 0 && <EmptyState message={props.emptyMessage} />}
      {props.onPageChange && (props.totalPages ?? 0) > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t(props.moreThanTotal ? 'table.totalMore' : 'table.total', { count: props.totalElements ?? 0 })}
          </Text>
          <Group gap="xs">
            {props.isFetching && !props.isLoading && <Loader size="xs" />}
            <Pagination
              value={props.page ?? 1}
              total={props.totalPages ?? 1}
              onChange={props.onPageChange}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            />
          </Group>
        </Group>
      )}
    </Box>
  );
}

function SortHeader(props: { label: string; active: boolean; direction?: string; onClick: () => void }) {
  const { t } = useTranslation();
  const arrow = !props.active ? '↕' : props.direction === 'DESC' ? '↓' : '↑';
  return (
    <UnstyledButton onClick={props.onClick} fw={600} fz="sm" aria-label={t('table.sortBy', { column: props.label })}>
      {props.label} <span aria-hidden>{arrow}</span>
    </UnstyledButton>
  );
}
