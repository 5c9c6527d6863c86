import { Alert, Checkbox, Group, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import type { BudgetTypeInfo } from '@/lib/api/types';
import { allowedFrequencies, allowedStrategies, defaultsFor, strategyFor, type BudgetValues, type FrequencyValue } from './budgetForm';

interface Props {
  form: UseFormReturn<BudgetValues>;
  types: BudgetTypeInfo[];
  mode: 'create' | 'edit';
}

/**
 * The budget's settings. What can be chosen follows the type (budget/types):
 * its frequencies (manual = none), the strategies of the chosen frequency
 * with the type's defaults, and unlimited only where the type allows it.
 */
export function BudgetFields({ form, types, mode }: Props) {
  const { t } = useTranslation('budgets');
  const { control, setValue, formState } = form;
  const [budgetType, frequency, unlimited, equalToRecurring] = useWatch({
    control,
    name: ['budgetType', 'frequency', 'unlimited', 'equalToRecurring'],
  });
  const info = types.find((type) => type.budgetTypeName === budgetType);
  const frequencies = allowedFrequencies(info);
  const strategies = allowedStrategies(info, frequency);
  const recurring = Boolean(frequency) && !unlimited;
  const error = (name: keyof BudgetValues) => formState.errors[name]?.message;

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="budgetType"
        render={({ field }) => (
          <Select
            label={t('fields.budgetType')}
            required
            disabled={mode === 'edit'}
            data={types.map((type) => ({ value: type.budgetTypeName, label: t(`types.${type.budgetTypeName}`, { defaultValue: type.budgetTypeName }) }))}
            value={field.value || null}
            onChange={(next) => {
              field.onChange(next ?? '');
              const chosen = types.find((type) => type.budgetTypeName === next);
              if (chosen) {
                const defaults = defaultsFor(chosen);
                setValue('frequency', defaults.frequency);
                setValue('transferStrategy', defaults.transferStrategy);
                setValue('unlimited', false);
              }
            }}
            error={error('budgetType')}
            comboboxProps={{ withinPortal: true }}
            data-testid="budget-type"
          />
        )}
      />
      {info?.infoText && (
        <Alert variant="light" data-testid="budget-type-info">
          {info.infoText}
        </Alert>
      )}
      {info && (
        <>
          {info.unlimitedAllowed && (
            <Controller
              control={control}
              name="unlimited"
              render={({ field }) => (
                <Checkbox
                  label={t('fields.unlimited')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="budget-unlimited"
                />
              )}
            />
          )}
          {!unlimited && (
            <SimpleGrid cols={2}>
              <Controller
                control={control}
                name="frequency"
                render={({ field }) => (
                  <Select
                    label={t('fields.frequency')}
                    data={frequencies.map((value) => ({ value: value || 'MANUAL', label: t(`frequency.${value || 'MANUAL'}`) }))}
                    value={field.value || 'MANUAL'}
                    onChange={(next) => {
                      const value = (next === 'MANUAL' || !next ? '' : next) as FrequencyValue;
                      field.onChange(value);
                      setValue('transferStrategy', strategyFor(info, value));
                    }}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="budget-frequency"
                  />
                )}
              />
              {recurring && (
                <Controller
                  control={control}
                  name="transferStrategy"
                  render={({ field }) => (
                    <Select
                      label={t('fields.transferStrategy')}
                      required
                      data={strategies.map((value) => ({ value, label: t(`strategy.${value}`, { defaultValue: value }) }))}
                      value={field.value || null}
                      onChange={(next) => field.onChange(next ?? '')}
                      allowDeselect={false}
                      error={error('transferStrategy')}
                      comboboxProps={{ withinPortal: true }}
                      data-testid="budget-strategy"
                    />
                  )}
                />
              )}
              {recurring && (
                <Controller
                  control={control}
                  name="frequencyAmount"
                  render={({ field }) => (
                    <CurrencyInput
                      label={t('fields.frequencyAmount')}
                      required
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={error('frequencyAmount')}
                      data-testid="budget-amount"
                    />
                  )}
                />
              )}
              <Controller
                control={control}
                name="budgetUpperLimit"
                render={({ field }) => (
                  <CurrencyInput
                    label={t('fields.budgetUpperLimit')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={error('budgetUpperLimit')}
                  />
                )}
              />
            </SimpleGrid>
          )}
          {mode === 'create' && !unlimited && (
            <Group align="flex-end" gap="lg">
              {!(recurring && equalToRecurring) && (
                <Controller
                  control={control}
                  name="startAmount"
                  render={({ field }) => (
                    <CurrencyInput
                      label={t('fields.startAmount')}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={error('startAmount')}
                      w={220}
                      data-testid="budget-start-amount"
                    />
                  )}
                />
              )}
              {recurring && (
                <Controller
                  control={control}
                  name="equalToRecurring"
                  render={({ field }) => (
                    <Checkbox
                      label={t('fields.equalToRecurring')}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      mb={8}
                    />
                  )}
                />
              )}
            </Group>
          )}
          {recurring && (
            <Controller
              control={control}
              name="frequencyAmountUpdateStrategy"
              render={({ field }) => (
                <Radio.Group label={t('fields.frequencyAmountUpdateStrategy')} value={field.value} onChange={field.onChange}>
                  <Group mt="xs">
                    <Radio value="NEXT_PERIOD" label={t('updateStrategy.NEXT_PERIOD')} />
                    <Radio value="IMMEDIATELY" label={t('updateStrategy.IMMEDIATELY')} />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          {recurring && (
            <Controller
              control={control}
              name="endOfYearRecurrenceStrategy"
              render={({ field }) => (
                <Radio.Group label={t('fields.endOfYearRecurrenceStrategy')} value={field.value} onChange={field.onChange}>
                  <Group mt="xs">
                    <Radio value="CONTINUE" label={t('yearEnd.CONTINUE')} />
                    <Radio value="STOP" label={t('yearEnd.STOP')} />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          <Controller
            control={control}
            name="paymentType"
            render={({ field }) => (
              <Radio.Group label={t('fields.paymentType')} value={field.value} onChange={field.onChange}>
                <Group mt="xs">
                  <Radio value="COMPANY_BUDGET" label={t('paymentType.COMPANY_BUDGET')} disabled={mode === 'edit'} />
                  <Radio value="PRIVATE_BUDGET" label={t('paymentType.PRIVATE_BUDGET')} disabled={mode === 'edit'} />
                </Group>
              </Radio.Group>
            )}
          />
        </>
      )}
    </Stack>
  );
}
