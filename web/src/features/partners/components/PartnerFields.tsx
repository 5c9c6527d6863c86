import { Checkbox, Fieldset, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PARTNER_BUDGET_TYPES, PARTNER_TYPES } from '../api/types';
import { COUNTRIES, MAX_LENGTH, type PartnerValues } from './partnerForm';

type Form = UseFormReturn<PartnerValues>;

/** Country names in the user's language, from the browser (no texts to keep). */
function useCountryOptions(current: string) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    // A partner stored with a country outside the list keeps it.
    const codes: string[] = current && !(COUNTRIES as readonly string[]).includes(current) ? [...COUNTRIES, current] : [...COUNTRIES];
    return codes.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language, current]);
}

/** Step 1 and the details tab: who the partner is. */
export function IdentityFields({ form }: { form: Form }) {
  const { t } = useTranslation('partners');
  const errors = form.formState.errors;
  const countries = useCountryOptions(form.getValues('country'));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.name')}
          withAsterisk
          maxLength={MAX_LENGTH.name}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="partnerType"
          render={({ field }) => (
            <Select
              label={t('fields.partnerType')}
              withAsterisk
              data={PARTNER_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.partnerType?.message}
              allowDeselect={false}
              data-testid="partner-type"
            />
          )}
        />
        <TextInput
          label={t('fields.extId')}
          withAsterisk
          description={t('hints.extId')}
          maxLength={MAX_LENGTH.extId}
          error={errors.extId?.message}
          {...form.register('extId')}
        />
        <TextInput
          label={t('fields.vatNumber')}
          description={t('hints.vatNumber')}
          maxLength={MAX_LENGTH.vatNumber}
          error={errors.vatNumber?.message}
          {...form.register('vatNumber')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          maxLength={MAX_LENGTH.email}
          error={errors.email?.message}
          {...form.register('email')}
        />
      </SimpleGrid>
      <Fieldset legend={t('address')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.street')} maxLength={MAX_LENGTH.street} error={errors.street?.message} {...form.register('street')} />
          <TextInput
            label={t('fields.streetNumber')}
            maxLength={MAX_LENGTH.streetNumber}
            error={errors.streetNumber?.message}
            {...form.register('streetNumber')}
          />
          <TextInput label={t('fields.zipCode')} maxLength={MAX_LENGTH.zipCode} error={errors.zipCode?.message} {...form.register('zipCode')} />
          <TextInput label={t('fields.city')} maxLength={MAX_LENGTH.city} error={errors.city?.message} {...form.register('city')} />
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('fields.country')}
                withAsterisk
                searchable
                data={countries}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.country?.message}
                allowDeselect={false}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

/** Step 2 and the details tab: who sends and receives the invoices. */
export function BillingFields({ form }: { form: Form }) {
  const { t } = useTranslation('partners');
  const errors = form.formState.errors;
  return (
    <Stack gap="md">
      <Controller
        control={form.control}
        name="sendInvoices"
        render={({ field }) => (
          <Switch
            label={t('fields.sendInvoices')}
            description={t('hints.sendInvoices')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            error={errors.sendInvoices?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="selfBilling"
        render={({ field }) => (
          <Switch
            label={t('fields.selfBilling')}
            description={t('hints.selfBilling')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            error={errors.selfBilling?.message}
          />
        )}
      />
    </Stack>
  );
}

/** Step 3 and the budgets tab: the budget types the partner's companies may offer. */
export function BudgetTypesField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('partners');
  return (
    <Checkbox.Group
      label={t('fields.selectedBudgetTypes')}
      description={t('hints.selectedBudgetTypes')}
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {PARTNER_BUDGET_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={t(`budgetTypes.${type}`)} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The budget types of a partner as text (read views, the list). */
export function BudgetTypesText({ types }: { types: readonly string[] }) {
  const { t } = useTranslation('partners');
  if (types.length === 0) return <Text c="dimmed">{t('noBudgetTypes')}</Text>;
  return <Text>{types.map((type) => t(`budgetTypes.${type}`, { defaultValue: type })).join(', ')}</Text>;
}
