import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { TravelCompensation } from '@/lib/api/types';
import { useBusinessTripCompensation } from '../api/getBusinessTripCompensation';
import { useBusinessTripPermission } from '../api/getBusinessTripPermission';
import { useCommuteCompensation } from '../api/getCommuteCompensation';
import { useCommuteDistances } from '../api/getCommuteDistances';
import { useCommuteStatus } from '../api/getCommuteStatus';
import { useHomeworkCompensation } from '../api/getHomeworkCompensation';
import { useHomeworkPermission } from '../api/getHomeworkPermission';
import { useUpdateBusinessTripCompensation } from '../api/updateBusinessTripCompensation';
import { useUpdateCommuteCompensation } from '../api/updateCommuteCompensation';
import { useUpdateHomeworkCompensation } from '../api/updateHomeworkCompensation';
import { CommuteModesCard } from './config/CommuteModesCard';
import { DistanceCard } from './config/DistanceCard';
import { OverridesForm } from './config/OverridesForm';
import { PermissionsCard } from './config/PermissionsCard';

/**
 * manage/app-users/{userOspId}/trip-configuration (SPEC §2, §3): the
 * user's commuting distance, the commute modes and permissions, and the
 * compensation overrides beside the company's values.
 */
export default function TripConfigurationTab() {
  const { t } = useTranslation('trips');
  const { userOspId = '' } = useParams();
  const queries = {
    distances: useCommuteDistances(userOspId),
    status: useCommuteStatus(userOspId),
    commute: useCommuteCompensation(userOspId),
    business: useBusinessTripCompensation(userOspId),
    homework: useHomeworkCompensation(userOspId),
    homeworkPermission: useHomeworkPermission(userOspId),
    businessPermission: useBusinessTripPermission(userOspId),
  };
  const updateCommute = useUpdateCommuteCompensation();
  const updateBusiness = useUpdateBusinessTripCompensation();
  const updateHomework = useUpdateHomeworkCompensation();

  const failed = Object.values(queries).find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => Object.values(queries).forEach((q) => void q.refetch())} />;
  const { distances, status, commute, business, homework, homeworkPermission, businessPermission } = queries;
  if (!distances.data || !status.data || !commute.data || !business.data || !homework.data || !homeworkPermission.data || !businessPermission.data) {
    return <PageLoader />;
  }
  const company: TravelCompensation | undefined = commute.data.company;
  if (!company) return <PageLoader />;
  const businessCar = company.businessTripCarType;

  return (
    <Stack gap="md" data-testid="trip-configuration">
      <Title order={3}>{t('config.title')}</Title>
      <DistanceCard userOspId={userOspId} distances={distances.data} />
      <CommuteModesCard key={status.dataUpdatedAt} userOspId={userOspId} status={status.data} company={company} />
      <PermissionsCard homework={homeworkPermission.data} businessTrip={businessPermission.data} />
      <OverridesForm
        title={t('config.compensation.commuteTitle')}
        testId="trip-commute-compensation"
        saving={updateCommute.isPending}
        carType={{ value: commute.data.carCommuteCompensationType, company: company.carCommuteCompensationType }}
        fields={[
          { name: 'commuteBikeCompensationPerKm', label: t('config.compensation.bikePerKm'), unit: 'rate', value: commute.data.commuteBikeCompensationPerKm, company: company.commuteBikeCompensationPerKm },
          { name: 'commuteWalkingCompensationPerKm', label: t('config.compensation.walkPerKm'), unit: 'rate', value: commute.data.commuteWalkingCompensationPerKm, company: company.commuteWalkingCompensationPerKm },
          { name: 'commuteCarCompensationPerKm', label: t('config.compensation.carPerKm'), unit: 'rate', value: commute.data.commuteCarCompensationPerKm, company: company.commuteCarCompensationPerKm },
          { name: 'commuteCarCompensationPerTrip', label: t('config.compensation.carPerTrip'), unit: 'money', value: commute.data.commuteCarCompensationPerTrip, company: company.commuteCarCompensationPerTrip },
          { name: 'commuteCarCompensationPerDay', label: t('config.compensation.carPerDay'), unit: 'money', value: commute.data.commuteCarCompensationPerDay, company: company.commuteCarCompensationPerDay },
        ]}
        onSave={(values, carType) =>
          updateCommute.mutateAsync({ userOspId, ...values, ...(carType ? { carCommuteCompensationType: carType } : {}) })
        }
      />
      <OverridesForm
        title={t('config.compensation.businessTitle')}
        testId="trip-business-compensation"
        saving={updateBusiness.isPending}
        disabledMessage={company.businessTripsEnabled ? undefined : t('errors:BUSINESS_TRIPS_NOT_ENABLED')}
        fields={[
          ...(businessCar
            ? [
                {
                  name: 'carCompensationPerKm',
                  label: t('config.compensation.businessCarPerKm', { car: t(`modes.${businessCar}`) }),
                  unit: 'rate' as const,
                  value: business.data.carCompensationPerKm,
                  company: businessCar === 'PRIVATE_CAR' ? company.businessTripPrivateCarCompensationPerKm : company.businessTripCompanyCarCompensationPerKm,
                },
              ]
            : []),
          { name: 'bikeCompensationPerKm', label: t('config.compensation.bikePerKm'), unit: 'rate', value: business.data.bikeCompensationPerKm, company: company.businessTripBikeCompensationPerKm },
        ]}
        onSave={(values) => updateBusiness.mutateAsync({ userOspId, ...values })}
      />
      <OverridesForm
        title={t('config.compensation.homeworkTitle')}
        testId="trip-homework-compensation"
        saving={updateHomework.isPending}
        fields={[
          { name: 'dailyAllowance', label: t('config.compensation.dailyAllowance'), unit: 'money', value: homework.data.dailyAllowance, company: company.homeWorkDailyAllowance },
        ]}
        onSave={(values) => updateHomework.mutateAsync({ userOspId, ...values })}
      />
    </Stack>
  );
}
