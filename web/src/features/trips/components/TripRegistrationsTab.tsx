import { Badge, Button, Card, Group, Select, Stack, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Money } from '@/components/Money';
import { PagedList } from '@/components/list/PagedList';
import { useFilterParams, useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { TripKind, TripRegistration, TripStatus } from '@/lib/api/types';
import { API_MONTH_FORMAT, DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { metresToKm } from '@/lib/units';
import { useApproveRegistration } from '../api/approveRegistration';
import { useRegistrations } from '../api/getRegistrations';
import { useRejectRegistration } from '../api/rejectRegistration';
import { RegistrationDialog } from './registrations/RegistrationDialog';
import { canApprove, canCorrect, canReject, STATUS_COLORS, TRIP_KINDS, TRIP_STATUSES } from './tripOptions';

const MONTH = /^\d{6}$/;
const toPickerValue = (month: string) => (MONTH.test(month) ? `${month.slice(0, 4)}-${month.slice(4, 6)}-01` : null);
const fromPickerValue = (value: string | null) => (value ? dayjs(value).format(API_MONTH_FORMAT) : '');

/**
 * manage/app-users/{userOspId}/trip-registrations (SPEC §2): the user's
 * trips and home-work days, filtered by month, status and kind (kept in the
 * URL), with their compensation and taxable part; add, correct, approve,
 * reject, and the import of a company's registrations.
 */
export default function TripRegistrationsTab() {
  const { t } = useTranslation('trips');
  const { userOspId = '' } = useParams();
  const list = useListParams();
  const filters = useFilterParams();
  const month = MONTH.test(filters.get('month')) ? filters.get('month') : '';
  const status = (TRIP_STATUSES as string[]).includes(filters.get('status')) ? (filters.get('status') as TripStatus) : '';
  const kind = (TRIP_KINDS as string[]).includes(filters.get('kind')) ? (filters.get('kind') as TripKind) : '';
  const query = useRegistrations({
    userOspId,
    ...(month ? { month } : {}),
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE },
  });
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const [editing, setEditing] = useState<TripRegistration | 'new' | null>(null);
  const busy = approve.isPending || reject.isPending;

  const columns: Column<TripRegistration>[] = [
    { key: 'date', header: t('fields.date'), render: (r) => formatDate(r.date) },
    { key: 'kind', header: t('fields.kind'), render: (r) => t(`kinds.${r.kind}`) },
    { key: 'mode', header: t('fields.mode'), render: (r) => (r.mode ? t(`modes.${r.mode}`) : '—') },
    { key: 'direction', header: t('fields.direction'), render: (r) => (r.direction ? t(`directions.${r.direction}`) : '—') },
    { key: 'distance', header: t('fields.distanceKm'), render: (r) => (r.kind === 'HOME_WORK' ? '—' : metresToKm(r.distance)) },
    { key: 'compensation', header: t('fields.compensation'), render: (r) => <Money cents={r.compensation} /> },
    { key: 'taxable', header: t('fields.taxable'), render: (r) => <Money cents={r.taxable} /> },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light">
          {t(`statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('actions'),
      hideHeader: true,
      render: (r) => {
        const on = formatDate(r.date);
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {canCorrect(r.status) && (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(r)} aria-label={t('registrations.correctOf', { date: on })}>
                {t('registrations.correct')}
              </Button>
            )}
            {canApprove(r.status) && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="green.9"
                disabled={busy}
                onClick={() => approve.mutate(r.ospId, { onSuccess: () => notifySuccess(t('registrations.approved')) })}
                aria-label={t('registrations.approveOf', { date: on })}
                data-testid={`approve-${r.ospId}`}
              >
                {t('registrations.approve')}
              </Button>
            )}
            {canReject(r.status) && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red.9"
                disabled={busy}
                onClick={() => reject.mutate(r.ospId, { onSuccess: () => notifySuccess(t('registrations.rejected')) })}
                aria-label={t('registrations.rejectOf', { date: on })}
                data-testid={`reject-${r.ospId}`}
              >
                {t('registrations.reject')}
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  const toolbar = (
    <Group align="flex-end" gap="md">
      <MonthPickerInput
        label={t('filters.month')}
        placeholder={t('filters.any')}
        value={toPickerValue(month)}
        onChange={(value) => filters.set('month', fromPickerValue(value))}
        valueFormat="MM/YYYY"
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clearMonth') }}
        popoverProps={{ withinPortal: true }}
        w={160}
        data-testid="registrations-month"
      />
      <Select
        label={t('fields.status')}
        placeholder={t('filters.any')}
        data={TRIP_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        value={status || null}
        onChange={(next) => filters.set('status', next)}
        clearable
        w={170}
        comboboxProps={{ withinPortal: true }}
        data-testid="registrations-status"
      />
      <Select
        label={t('fields.kind')}
        placeholder={t('filters.any')}
        data={TRIP_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={kind || null}
        onChange={(next) => filters.set('kind', next)}
        clearable
        w={190}
        comboboxProps={{ withinPortal: true }}
        data-testid="registrations-kind"
      />
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('registrations.title')}</Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to={namedRoutes.ImportTripRegistrations(userOspId)} data-testid="registrations-import">
            {t('import.open')}
          </Button>
          <Button onClick={() => setEditing('new')} data-testid="registrations-add">
            {t('registrations.add')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="md">
        <PagedList
          testId="trip-registrations"
          query={query}
          list={list}
          columns={columns}
          rowKey={(r) => r.ospId}
          toolbar={toolbar}
          emptyMessage={t('registrations.empty')}
        />
      </Card>
      {editing && (
        <RegistrationDialog userOspId={userOspId} registration={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
