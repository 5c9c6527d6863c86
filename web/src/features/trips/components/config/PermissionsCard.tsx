import { Card, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TripPermission } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useUpdateBusinessTripPermission } from '../../api/updateBusinessTripPermission';
import { useUpdateHomeworkPermission } from '../../api/updateHomeworkPermission';

/**
 * Whether the user may register home work and business trips; each switch
 * saves at once. Business trips need the company's switch first (SPEC §8:
 * the server refuses too).
 */
export function PermissionsCard({ homework, businessTrip }: { homework: TripPermission; businessTrip: TripPermission }) {
  const { t } = useTranslation('trips');
  const updateHomework = useUpdateHomeworkPermission();
  const updateBusiness = useUpdateBusinessTripPermission();
  const saved = { onSuccess: () => notifySuccess(t('config.saved')) };
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('config.permissions.title')}</Title>
        <Switch
          label={t('config.permissions.homework')}
          description={homework.companyEnabled ? undefined : t('config.notOffered')}
          checked={homework.allowed}
          disabled={updateHomework.isPending}
          onChange={(event) => updateHomework.mutate({ ...homework, allowed: event.currentTarget.checked }, saved)}
          data-testid="trip-permission-homework"
        />
        <Switch
          label={t('config.permissions.businessTrip')}
          description={businessTrip.companyEnabled ? undefined : t('errors:BUSINESS_TRIPS_NOT_ENABLED')}
          checked={businessTrip.allowed}
          disabled={!businessTrip.companyEnabled || updateBusiness.isPending}
          onChange={(event) => updateBusiness.mutate({ ...businessTrip, allowed: event.currentTarget.checked }, saved)}
          data-testid="trip-permission-business"
        />
      </Stack>
    </Card>
  );
}
