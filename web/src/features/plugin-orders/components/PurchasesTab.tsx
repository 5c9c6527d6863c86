import { Badge, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { Money } from '@/components/Money';
import { PagedTable, type Column } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { usePurchases, useRequestPurchase, type Purchase, type PurchaseFilter, type PurchaseState } from '../api/purchases';
import { EmailDialog, HistoryDialog, RejectPurchaseDialog, UpdatePurchaseDialog } from './PurchaseDialogs';

type Dialog = { kind: 'update' | 'reject' | 'email' | 'history'; purchase: Purchase } | null;

// The colours whose light badges keep axe's 4.5:1 contrast (as the reconciliation page's).
const STATE_COLORS: Record<PurchaseState, string> = {
  PENDING: 'orange',
  REQUESTED: 'blue',
  REJECTED: 'red',
  ACCEPTED: 'green',
  DECLINED: 'gray',
};

/**
 * One orders tab of plugin purchases: the open ones (PENDING, REQUESTED)
 * with approve, update and reject, or the handled ones with their history;
 * filtered by state, product and creation date.
 */
export function PurchasesTab({ states, open }: { states: PurchaseState[]; open: boolean }) {
  const { t } = useTranslation('pluginOrders');
  const [filter, setFilter] = useState<PurchaseFilter>({ states, product: '', fromDate: '', toDate: '', page: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = usePurchases(filter);
  const approve = useRequestPurchase();
  const change = (patch: Partial<PurchaseFilter>) => setFilter((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));

  const onApprove = (p: Purchase) =>
    approve.mutate(p.ospId, { onSuccess: () => notifySuccess(t('approved', { provider: p.providerName })) });

  const columns: Column<Purchase>[] = [
    { key: 'created', header: t('columns.created'), render: (p) => formatDateTime(p.createdAt) },
    { key: 'company', header: t('columns.company'), render: (p) => p.corporateAccountName },
    { key: 'user', header: t('columns.user'), render: (p) => p.userName },
    { key: 'product', header: t('columns.product'), render: (p) => `${p.productName} · ${p.providerName}` },
    { key: 'price', header: t('columns.price'), render: (p) => <Money cents={p.price} /> },
    {
      key: 'state',
      header: t('columns.state'),
      render: (p) => (
        <Badge color={STATE_COLORS[p.state]} variant="light" data-testid="purchase-state">
          {t(`states.${p.state}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          {open && p.state === 'PENDING' && (
            <Button size="xs" onClick={() => onApprove(p)} loading={approve.isPending && approve.variables === p.ospId} data-testid="approve-purchase">
              {t('actions.approve')}
            </Button>
          )}
          {open && (
            <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'update', purchase: p })}>
              {t('actions.update')}
            </Button>
          )}
          {open && p.state === 'PENDING' && (
            <Button size="xs" variant="default" color="red" onClick={() => setDialog({ kind: 'reject', purchase: p })} data-testid="reject-purchase">
              {t('actions.reject')}
            </Button>
          )}
          {p.hasEmail && (
            <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'email', purchase: p })} data-testid="show-email">
              {t('actions.email')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'history', purchase: p })}>
            {t('actions.history')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('filters.state')}
          data={[{ value: '', label: t('filters.allStates') }, ...states.map((s) => ({ value: s, label: t(`states.${s}`) }))]}
          value={filter.states.length === 1 ? filter.states[0] : ''}
          onChange={(v) => change({ states: v ? [v as PurchaseState] : states })}
          allowDeselect={false}
          w={180}
        />
        <TextInput label={t('filters.product')} value={filter.product} onChange={(e) => change({ product: e.currentTarget.value })} w={220} />
        <DateField label={t('filters.from')} value={filter.fromDate} onChange={(fromDate) => change({ fromDate })} w={160} />
        <DateField label={t('filters.to')} value={filter.toDate} onChange={(toDate) => change({ toDate })} w={160} />
      </Group>
      <PagedTable
        columns={columns}
        rows={query.data?.content}
        rowKey={(p) => p.ospId}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyMessage={open ? t('emptyOpen') : t('emptyHandled')}
        page={filter.page}
        totalPages={query.data?.totalPages}
        totalElements={query.data?.totalElements}
        onPageChange={(page) => change({ page })}
        testId="purchases-table"
      />
      {dialog?.kind === 'update' && <UpdatePurchaseDialog purchase={dialog.purchase} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reject' && <RejectPurchaseDialog purchase={dialog.purchase} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'email' && <EmailDialog purchase={dialog.purchase} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <HistoryDialog purchase={dialog.purchase} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
