import { Box, Center, Group, Loader, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@/lib/api/types';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The server's sort property; columns without one are not sortable. */
  sortProperty?: string;
  width?: number | string;
}

export interface Sort {
  property: string;
  direction: NonNullable<SortOrder['direction']>;
}

interface Props<T> {
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
  onPageChange?: (page: number) => void;
  sort?: Sort | null;
  onSortChange?: (sort: Sort) => void;
  onRowClick?: (row: T) => void;
  testId?: string;
}

/**
 * A server-side paged and sorted table with its loading, error and empty
 * states, so every list in the portal behaves the same way.
 */
export function PagedTable<T>(props: Props<T>) {
  const { t } = useTranslation();
  const { columns, rows, rowKey, onRowClick, sort, onSortChange } = props;

  if (props.error && !rows) return <ErrorState error={props.error} onRetry={props.onRetry} />;

  const toggleSort = (property: string) => {
    const direction = sort?.property === property && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    onSortChange?.({ property, direction });
  };

  return (
    <Box pos="relative" data-testid={props.testId}>
      <Table.ScrollContainer minWidth={600}>
        <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width}>
                  {column.sortProperty && onSortChange ? (
                    <SortHeader
                      label={column.header}
                      active={sort?.property === column.sortProperty}
                      direction={sort?.direction}
                      onClick={() => toggleSort(column.sortProperty!)}
                    />
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
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
            {t('table.total', { count: props.totalElements ?? 0 })}
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
    <UnstyledButton
      onClick={props.onClick}
      fw={600}
      fz="sm"
      aria-label={t('table.sortBy', { column: props.label })}
      aria-sort={props.active ? (props.direction === 'DESC' ? 'descending' : 'ascending') : undefined}
    >
      {props.label} <span aria-hidden>{arrow}</span>
    </UnstyledButton>
  );
}
