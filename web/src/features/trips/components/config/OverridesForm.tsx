import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import type { CarCompensationType } from '@/lib/api/types';
import { CURRENCY_PREFIX } from '@/lib/constants';
import { formatMoney } from '@/lib/format';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { fromMicroEuros, RATE_DECIMALS, toMicroEuros } from '@/lib/units';
import { moneyRule, numberRule } from '@/lib/validation';
import { MAX_TRIP_ALLOWANCE_EUR, RATE_MAX_EUR, showTripFormError } from '../tripOptions';

/** One override: a per-km rate (micro-euros) or an amount (cents); undefined: the company's value. */
export interface OverrideField {
  name: string;
  label: string;
  unit: 'rate' | 'money';
  value: number | undefined;
  company: number;
}

export const CAR_TYPES: CarCompensationType[] = ['PER_KILOMETER', 'PER_TRIP', 'PER_DAY'];
/** The select's value for "the company's type" (a Select cannot hold ''). */
const COMPANY = 'COMPANY';

export interface CarType {
  value: CarCompensationType | undefined;
  company: CarCompensationType;
}

export type OverrideValues = Record<string, number | undefined>;

interface Props {
  title: string;
  testId: string;
  fields: OverrideField[];
  /** The commute's car compensation type (commute overrides only). */
  carType?: CarType;
  /** Why nothing can be changed (business trips off at company level). */
  disabledMessage?: string;
  saving: boolean;
  onSave: (values: OverrideValues, carType: CarCompensationType | undefined) => Promise<unknown>;
}

/** A rate in the interface language: € 0,35 per km (up to 6 decimals, never rounded away). */
function useFormatRate() {
  const { i18n } = useTranslation();
  return (micro: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: RATE_DECIMALS }).format(
      micro / 1_000_000,
    );
}

/**
 * A user's compensation overrides beside the company's values: an empty
 * field is the company's value (sent as absent), a typed one the user's own.
 * Rates are typed in euros per km and sent in micro-euros, amounts typed in
 * euros and sent in cents, both converted digit by digit.
 */
export function OverridesForm({ title, testId, fields, carType, disabledMessage, saving, onSave }: Props) {
  const { t, i18n } = useTranslation('trips');
  const formatRate = useFormatRate();
  const names = fields.map((f) => f.name);
  const schema = z.object({
    carType: z.string(),
    ...Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.unit === 'rate'
          ? numberRule(t, f.label, { required: false, min: 0, max: RATE_MAX_EUR, decimals: RATE_DECIMALS })
          : moneyRule(t, f.label, { required: false, max: MAX_TRIP_ALLOWANCE_EUR }),
      ]),
    ),
  });
  // the stored values as the form holds them; one object while they stay the same, so a refetch with
  // the same answer leaves what the admin is typing alone
  const stored = JSON.stringify({
    carType: carType?.value ?? COMPANY,
    ...Object.fromEntries(fields.map((f) => [f.name, f.unit === 'rate' ? fromMicroEuros(f.value) : fromCents(f.value)])),
  });
  const defaults = useMemo(() => JSON.parse(stored) as Record<string, string>, [stored]);
  const form = useForm<Record<string, string>>({ defaultValues: defaults, values: defaults, resolver: zodResolver(schema) as unknown as Resolver<Record<string, string>>, mode: 'onTouched' });

  const submit = form.handleSubmit(async (raw) => {
    const values: OverrideValues = {};
    for (const f of fields) {
      const converted = f.unit === 'rate' ? toMicroEuros(raw[f.name]) : toCents(raw[f.name]);
      values[f.name] = converted ?? undefined;
    }
    try {
      await onSave(values, raw.carType && raw.carType !== COMPANY ? (raw.carType as CarCompensationType) : undefined);
      notifySuccess(t('config.saved'));
    } catch (error) {
      showTripFormError(error, form.setError, [...names, 'carType'], t);
    }
  });

  const companyText = (f: OverrideField) =>
    t('config.compensation.company', { value: f.unit === 'rate' ? `${formatRate(f.company)}/km` : formatMoney(f.company, i18n.language) });
  const disabled = disabledMessage !== undefined;

  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Title order={4}>{title}</Title>
          {disabled && <Alert color="yellow">{disabledMessage}</Alert>}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {carType && (
              <Controller
                control={form.control}
                name="carType"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('config.compensation.carType')}
                    description={t('config.compensation.company', { value: t(`carTypes.${carType.company}`) })}
                    data={[
                      { value: COMPANY, label: t('config.compensation.useCompany') },
                      ...CAR_TYPES.map((type) => ({ value: type, label: t(`carTypes.${type}`) })),
                    ]}
                    allowDeselect={false}
                    disabled={disabled}
                    value={field.value}
                    onChange={(next) => field.onChange(next ?? COMPANY)}
                    error={fieldState.error?.message}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            )}
            {fields.map((f) => (
              <Controller
                key={f.name}
                control={form.control}
                name={f.name}
                render={({ field, fieldState }) => {
                  const common = {
                    label: f.label,
                    description: companyText(f),
                    placeholder: t('config.compensation.useCompany'),
                    disabled,
                    value: field.value ?? '',
                    onBlur: field.onBlur,
                    error: fieldState.error?.message,
                    'data-testid': `${testId}-${f.name}`,
                  };
                  return f.unit === 'money' ? (
                    <CurrencyInput {...common} onChange={field.onChange} />
                  ) : (
                    <NumberInput
                      {...common}
                      onChange={(next) => field.onChange(String(next))}
                      prefix={CURRENCY_PREFIX}
                      decimalScale={RATE_DECIMALS}
                      allowNegative={false}
                      hideControls
                    />
                  );
                }}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={disabled} data-testid={`${testId}-save`}>
              {t('config.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
