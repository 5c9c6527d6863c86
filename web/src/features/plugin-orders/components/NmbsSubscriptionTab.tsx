import { Alert, Button, Card, Checkbox, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { COMPANY_BUDGET_TYPES } from '@/lib/companyFields';
import { formatDateTime } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useSaveSeasonTicketConfig, useSeasonTicketConfig, type SeasonTicketConfig } from '../api/nmbsSettings';
import { NMBS_FIELDS, SEASON_CLASSES, SEASON_PRODUCTS, nmbsSchema, nmbsValues, toNmbsBody, type NmbsValues } from './nmbsSettingsForm';

/**
 * company/products/nmbs-subscription: which NMBS season cards the
 * company's employees may order and the company's organism number. The
 * company's user managers read them; MSP admins and platform staff change
 * them (the server holds the same rule).
 */
export default function NmbsSubscriptionTab() {
  const { ospId } = useSelectedCorporateAccount();
  const query = useSeasonTicketConfig(ospId ?? '');
  const user = useCurrentUser();
  if (!ospId || query.isPending || user.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const canEdit = Boolean(user.data?.isMsp || user.data?.isOspAdmin);
  return <NmbsForm key={query.dataUpdatedAt} config={query.data} canEdit={canEdit} />;
}

function NmbsForm({ config, canEdit }: { config: SeasonTicketConfig; canEdit: boolean }) {
  const { t } = useTranslation('pluginOrders');
  const schema = useMemo(() => nmbsSchema(t), [t]);
  const form = useForm<NmbsValues>({ resolver: zodResolver(schema), defaultValues: nmbsValues(config), mode: 'onTouched' });
  const save = useSaveSeasonTicketConfig();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toNmbsBody(config.corporateAccountOspId, values), {
      onSuccess: () => notifySuccess(t('nmbs.saved')),
      // the server names list items (budgetTypes[0]): shown on the list
      onError: (error) =>
        showFormError(error, form.setError, NMBS_FIELDS, t, {
          'products[0]': 'products',
          'classes[0]': 'classes',
          'budgetTypes[0]': 'budgetTypes',
        }),
    }),
  );
  const checkGroup = (name: 'products' | 'classes' | 'budgetTypes', options: readonly string[], optionLabel: (o: string) => string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox.Group
          label={t(`nmbs.fields.${name}`)}
          value={field.value}
          onChange={field.onChange}
          error={errors[name]?.message}
          data-testid={`nmbs-${name}`}
        >
          <Group mt="xs">
            {options.map((o) => (
              <Checkbox key={o} value={o} label={optionLabel(o)} disabled={!canEdit} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="nmbs-settings-form">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('nmbs.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('nmbs.intro')}
          </Text>
          {!canEdit && <Alert color="gray">{t('nmbs.readOnly')}</Alert>}
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label={t('nmbs.fields.enabled')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={!canEdit}
              />
            )}
          />
          {checkGroup('products', SEASON_PRODUCTS, (o) => t(`nmbs.products.${o}`))}
          {checkGroup('classes', SEASON_CLASSES, (o) => t('nmbs.class', { n: o }))}
          {checkGroup('budgetTypes', COMPANY_BUDGET_TYPES, (o) => t(`budgets:types.${o}`, { defaultValue: o }))}
          <Controller
            control={form.control}
            name="parkingAllowed"
            render={({ field }) => (
              <Switch
                label={t('nmbs.fields.parkingAllowed')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={!canEdit}
              />
            )}
          />
          <TextInput
            label={t('nmbs.fields.organismNumber')}
            description={t('nmbs.organismHint')}
            maxLength={4}
            w={200}
            readOnly={!canEdit}
            error={errors.organismNumber?.message}
            data-testid="nmbs-organism-number"
            {...form.register('organismNumber')}
          />
          {config.updatedAt && (
            <Text size="xs" c="dimmed">
              {t('nmbs.updated', { when: formatDateTime(config.updatedAt), who: config.updatedByName })}
            </Text>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="save-nmbs">
                {t('nmbs.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </form>
  );
}
