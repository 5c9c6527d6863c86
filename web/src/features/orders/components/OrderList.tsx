import { Anchor, Badge, Button, Drawer, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DateField } from '@/components/DateField';
import { Money } from '@/components/Money';
import { PagedTable, type Column } from '@/components/PagedTable';
import { PRODUCTS, useOrders, type Order, type OrderScope } from '../api/orders';
import { CancelOrderDialog } from './CancelOrderDialog';
import { OrderDetails } from './OrderDetails';
import { ProcessOrderDialog } from './ProcessOrderDialog';

const STATUS_COLORS: Record<Order['status'], string> = { OPEN: 'blue', CONFIRMED: 'green', CANCELLED: 'gray' };

export function StatusBadge({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={STATUS_COLORS[order.status]} variant="light">
      {t(`status.${order.status}`)}
    </Badge>
  );
}

const formatDay = (day: string) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');
const formatTime = (iso?: string) => (iso ? new Date(iso).toLocaleString() : '');
export { formatDay, formatTime };

/**
 * A list of season-card orders (open or handled) with its filters in the
 * URL: text (name, card or personnel number), product and a date range;
 * each row opens the details, and open (or confirmed) orders the process
 * and cancel dialogs. National numbers come masked from the server.
 */
export function OrderList({ scope, handled }: { scope: OrderScope; handled: boolean }) {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const filter = {
    search: params.get('search') ?? '',
    product: params.get('product') ?? '',
    dateFrom: params.get('dateFrom') ?? '',
    dateTo: params.get('dateTo') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [searchText, setSearchText] = useState(filter.search);
  const orders = useOrders(scope, handled, filter);
  const open = params.get('order');
  const [processing, setProcessing] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const columns: Column<Order>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (o) => (
        <Anchor component="button" type="button" size="sm" onClick={() => set({ order: o.orderId, page: String(filter.page) })} data-testid="order-open-details">
          {o.firstname} {o.lastname}
        </Anchor>
      ),
    },
    ...(scope.kind === 'backoffice' ? [{ key: 'company', header: t('columns.company'), render: (o: Order) => o.corporateAccountName }] : []),
    { key: 'product', header: t('columns.product'), render: (o) => `${t(`product.${o.product}`)} · ${t('months', { count: o.duration })}` },
    { key: 'start', header: t('columns.startDate'), render: (o) => formatDay(o.effectiveStartDate || o.startDate) },
    { key: 'price', header: t('columns.price'), render: (o) => <Money cents={(o.effectivePrice ?? o.price) + o.parkingPrice} /> },
    { key: 'card', header: t('columns.cardNumber'), render: (o) => o.cardNumber || '—' },
    { key: 'personnel', header: t('columns.personnelNumber'), render: (o) => o.personnelNumber || '—' },
    { key: 'nationalNumber', header: t('columns.nationalNumber'), render: (o) => <span data-testid="national-number">{o.nationalNumber}</span> },
    { key: 'when', header: handled ? t('columns.handledOn') : t('columns.requestedOn'), render: (o) => formatTime(handled ? o.handledOn : o.requestedOn) },
    ...(handled ? [{ key: 'status', header: t('columns.status'), render: (o: Order) => <StatusBadge order={o} /> }] : []),
    {
      key: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      render: (o) => (
        <Group gap="xs" wrap="nowrap">
          {o.status === 'OPEN' && (
            <Button size="xs" onClick={() => setProcessing(o)} data-testid="order-process" aria-label={t('process.openFor', { name: `${o.firstname} ${o.lastname}` })}>
              {t('process.open')}
            </Button>
          )}
          {o.status !== 'CANCELLED' && (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => setCancelling(o)}
              data-testid="order-cancel"
              aria-label={t('cancel.openFor', { name: `${o.firstname} ${o.lastname}` })}
            >
              {t('cancel.open')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ search: searchText.trim() || null });
          }}
        >
          <TextInput
            label={t('filters.search')}
            description={t('filters.searchHint')}
            value={searchText}
            maxLength={100}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            onBlur={() => set({ search: searchText.trim() || null })}
            data-testid="filter-search"
          />
        </form>
        <Select
          label={t('filters.product')}
          placeholder={t('filters.allProducts')}
          clearable
          data={PRODUCTS.map((p) => ({ value: p, label: t(`product.${p}`) }))}
          value={filter.product || null}
          onChange={(v) => set({ product: v })}
          data-testid="filter-product"
        />
        <DateField label={t('filters.dateFrom')} value={filter.dateFrom} onChange={(v) => set({ dateFrom: v || null })} data-testid="filter-date-from" />
        <DateField label={t('filters.dateTo')} value={filter.dateTo} onChange={(v) => set({ dateTo: v || null })} data-testid="filter-date-to" />
      </Group>
      <PagedTable
        columns={columns}
        rows={orders.data?.content}
        rowKey={(o) => o.orderId}
        isLoading={orders.isLoading}
        isFetching={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        emptyMessage={handled ? t('emptyHandled') : t('emptyOpen')}
        page={filter.page}
        totalPages={orders.data?.totalPages}
        totalElements={orders.data?.totalElements}
        onPageChange={(p) => set({ page: String(p) })}
        testId={handled ? 'handled-orders-table' : 'open-orders-table'}
      />
      <Drawer opened={!!open} onClose={() => set({ order: null, page: String(filter.page) })} position="right" size="lg" title={t('details.title')}>
        {open && <OrderDetails orderId={open} />}
      </Drawer>
      {processing && <ProcessOrderDialog scope={scope} order={processing} onClose={() => setProcessing(null)} />}
      {cancelling && <CancelOrderDialog scope={scope} order={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}
