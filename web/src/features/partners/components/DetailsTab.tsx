import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useUpdatePartner } from '../api/updatePartner';
import { ActivationCard } from './ActivationCard';
import { BillingFields, IdentityFields } from './PartnerFields';
import { fromPartner, IDENTITY_FIELDS, BILLING_FIELDS, SERVER_FIELD_MAP, toPartnerData, usePartnerForm } from './partnerForm';
import { useDetailPartner } from './PartnerDetailPage';
import { reportUnplacedError } from './reportUnplacedError';

/** partners/{partnerOspId}/details: edit the partner; deactivate or activate it. */
export default function DetailsTab() {
  const { t } = useTranslation('partners');
  const partner = useDetailPartner();
  const form = usePartnerForm(fromPartner(partner));
  const update = useUpdatePartner();

  const submit = form.handleSubmit(async (values) => {
    try {
      // The selections are left out, so the server keeps them: the budgets tab changes them.
      const saved = await update.mutateAsync({
        ospId: partner.ospId,
        partnerData: toPartnerData(values),
        applyChangesToCorporateAccounts: false,
      });
      form.reset(fromPartner(saved));
      notifySuccess(t('saved'));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, [...IDENTITY_FIELDS, ...BILLING_FIELDS], SERVER_FIELD_MAP)) {
        reportUnplacedError(error, t);
      }
    }
  });

  return (
    <Stack gap="md" maw={960}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <IdentityFields form={form} />
            <Title order={3} size="h5">
              {t('add.steps.billing')}
            </Title>
            <BillingFields form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} data-testid="save-partner">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ActivationCard partner={partner} />
    </Stack>
  );
}
