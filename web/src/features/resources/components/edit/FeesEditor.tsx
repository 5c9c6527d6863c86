import { Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import { DESCRIPTION_MAX_LENGTH, FEE_TYPES, FEE_UNITS, RESOURCE_MAX_FEES } from '@/lib/constants';
import { CronPreview } from './CronPreview';
import { newFee, type ResourceValues } from './resourceForm';

/**
 * A resource's fees (SPEC §3): fixed or variable, the amount in euros (cents
 * on the wire), the unit of a variable one, the VAT percentage, a fixed
 * fee's schedule in cron notation with its next occurrences, pro rata, and
 * whether the user's budget or the company pays.
 */
export function FeesEditor({ form }: { form: UseFormReturn<ResourceValues> }) {
  const { t } = useTranslation('resources');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'fees' });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('sections.fees')}</Title>
        <Button
          variant="light"
          size="xs"
          onClick={() => append(newFee())}
          disabled={fields.length >= RESOURCE_MAX_FEES}
          data-testid="add-fee"
        >
          {t('fees.add')}
        </Button>
      </Group>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('fees.none')}
        </Text>
      )}
      {fields.map((field, index) => (
        <FeeCard key={field.id} form={form} index={index} onRemove={() => remove(index)} />
      ))}
    </Stack>
  );
}

function FeeCard({ form, index, onRemove }: { form: UseFormReturn<ResourceValues>; index: number; onRemove: () => void }) {
  const { t } = useTranslation('resources');
  const { control, register } = form;
  const fee = useWatch({ control, name: `fees.${index}` });
  const errors = form.formState.errors.fees?.[index];
  const fixed = fee.feeType === 'FIXED';
  const number = index + 1;

  return (
    <Card withBorder padding="sm" data-testid={`fee-${index}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('fees.title', { number })}</Text>
          <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('fees.removeNamed', { number })}>
            {t('fees.remove')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Controller
            control={control}
            name={`fees.${index}.feeType`}
            render={({ field }) => (
              <Select
                label={t('fields.feeType')}
                withAsterisk
                data={FEE_TYPES.map((value) => ({ value, label: t(`fees.types.${value}`) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                data-testid={`fee-${index}-type`}
              />
            )}
          />
          <Controller
            control={control}
            name={`fees.${index}.amount`}
            render={({ field, fieldState }) => (
              <CurrencyInput
                label={fixed ? t('fields.amount') : t('fields.amountPerUnit')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                data-testid={`fee-${index}-amount`}
              />
            )}
          />
          {!fixed && (
            <Controller
              control={control}
              name={`fees.${index}.unit`}
              render={({ field, fieldState }) => (
                <Select
                  label={t('fields.unit')}
                  withAsterisk
                  data={FEE_UNITS.map((value) => ({ value, label: t(`fees.units.${value}`) }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid={`fee-${index}-unit`}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name={`fees.${index}.vatPercent`}
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('fields.vatPercent')}
                withAsterisk
                value={field.value}
                onChange={(value) => field.onChange(String(value))}
                onBlur={field.onBlur}
                suffix=" %"
                decimalScale={2}
                allowNegative={false}
                hideControls
                error={fieldState.error?.message}
                data-testid={`fee-${index}-vat`}
              />
            )}
          />
        </SimpleGrid>
        {fixed && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t('fields.cron')}
              description={t('hints.cron')}
              error={errors?.cron?.message}
              data-testid={`fee-${index}-cron`}
              {...register(`fees.${index}.cron`)}
            />
            <CronPreview cron={fee.cron} id={`fee-${index}-cron-check`} />
          </SimpleGrid>
        )}
        <Group gap="lg">
          {fixed && (
            <Controller
              control={control}
              name={`fees.${index}.proRata`}
              render={({ field, fieldState }) => (
                <Checkbox
                  label={t('fields.proRata')}
                  description={t('hints.proRata')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  error={fieldState.error?.message}
                  data-testid={`fee-${index}-prorata`}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name={`fees.${index}.onUserBudget`}
            render={({ field }) => (
              <Checkbox
                label={t('fields.onUserBudget')}
                description={t('hints.onUserBudget')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                data-testid={`fee-${index}-onuserbudget`}
              />
            )}
          />
        </Group>
        <TextInput
          label={t('fields.feeDescription')}
          maxLength={DESCRIPTION_MAX_LENGTH}
          error={errors?.description?.message}
          {...register(`fees.${index}.description`)}
        />
      </Stack>
    </Card>
  );
}
