import { Alert, Card, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { type DirectPaymentChange, useDirectPayments, useSetDirectPayment } from '../api/directPayments';

type Who = { roles: string[]; isOspAdmin: boolean };
const isPlatformAdmin = (user: Who) => user.isOspAdmin || user.roles.includes('ospadmin');

/**
 * company/settings/provider-payments (platform staff): per provider file
 * kind, whether the company pays the provider directly. When it does, the
 * kind's matched lines are booked on the company budget, the employee
 * still the traveller; switched off, on the employee's budget again.
 */
export default function ProviderPaymentsTab() {
  const { t } = useTranslation('providerPayments');
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  const allowed = Boolean(user && isPlatformAdmin(user));
  const query = useDirectPayments(ospId ?? '', allowed);
  const save = useSetDirectPayment();
  if (user && !allowed) return <NotFoundPage />;
  if (!ospId || query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const settings = query.data;
  const change = (kind: DirectPaymentChange['kind'], paidByCompany: boolean) =>
    save.mutate(
      { corporateAccountOspId: ospId, kind, paidByCompany },
      // a refusal is shown by the API client's notification
      { onSuccess: () => notifySuccess(t('saved')) },
    );
  return (
    <Card withBorder data-testid="provider-payments">
      <Stack gap="md">
        <Text>{t('intro')}</Text>
        {!settings.hasCompanyBudget && (
          <Alert color="yellow" data-testid="provider-payments-no-budget">
            {t('noCompanyBudget')}
          </Alert>
        )}
        {settings.kinds.map((k) => (
          <Switch
            key={k.kind}
            label={k.provider}
            description={t(`kinds.${k.kind}`)}
            checked={k.paidByCompany}
            disabled={save.isPending}
            onChange={(event) => change(k.kind as DirectPaymentChange['kind'], event.currentTarget.checked)}
            data-testid={`provider-payment-${k.kind}`}
          />
        ))}
      </Stack>
    </Card>
  );
}
