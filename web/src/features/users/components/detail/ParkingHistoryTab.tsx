import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { ParkingSession } from '@/lib/api/types';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useParkingHistory } from '../../api/getParkingHistory';
import { useDetailUser } from './userContext';

/** Platform admins only (the route and the tab are hidden for others). */
export default function ParkingHistoryTab() {
  const { t, i18n } = useTranslation('users');
  const user = useDetailUser();
  const list = useListParams();
  const query = useParkingHistory(user.ospId, list.page);

  const columns: Column<ParkingSession>[] = [
    { key: 'parking', header: t('parking.parking'), render: (s) => s.parkingName },
    { key: 'plate', header: t('parking.licensePlate'), render: (s) => s.licensePlate },
    { key: 'start', header: t('parking.startedAt'), render: (s) => formatDateTime(s.startedAt) },
    { key: 'end', header: t('parking.endedAt'), render: (s) => (s.endedAt ? formatDateTime(s.endedAt) : t('parking.ongoing')) },
    { key: 'amount', header: t('parking.amount'), render: (s) => formatMoney(s.amount, i18n.language) },
  ];

  return (
    <Card withBorder padding="lg">
      <PagedList query={query} list={list} columns={columns} rowKey={(s) => s.ospId} emptyMessage={t('parking.empty')} />
    </Card>
  );
}
