import { Button, Card, Group, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { moneyRule, numberRule } from '@/lib/validation';
import { useTaxFreeRates } from '../api/getTaxFreeRates';
import { useTravelCompensation } from '../api/getTravelCompensation';
import {
  BUSINESS_TRIP_CAR_TYPES,
  CAR_COMMUTE_COMPENSATION_TYPES,
  type BusinessTripCarType,
  type CarCommuteCompensationType,
  type TaxFreeRate,
  type TaxFreeRateKind,
  type TravelCompensation,
} from '../api/types';
import { useSaveTravelCompensation } from '../api/updateTravelCompensation';
import { RateInput } from './RateInput';
import { fromMicros, MAX_ALLOWANCE_EUR, MAX_RATE_EUR, RATE_DECIMALS, rateOn, toMicros } from './rates';

/** Rates per km (micro-euros on the wire, euros in the form). */
const RATE_FIELDS = [
  'commuteBikeCompensationPerKm',
  'commuteWalkingCompensationPerKm',
  'commuteCarCompensationPerKm',
  'businessTripPrivateCarCompensationPerKm',
  'businessTripCompanyCarCompensationPerKm',
  'businessTripBikeCompensationPerKm',
] as const;
/** Amounts per trip or day (cents on the wire, euros in the form). */
const AMOUNT_FIELDS = ['commuteCarCompensationPerTrip', 'commuteCarCompensationPerDay'] as const;
const FLAGS = [
  'commuteBikeEnabled',
  'commuteWalkingEnabled',
  'commuteCarEnabled',
  'businessTripsEnabled',
  'businessTripBikeEnabled',
  'allowDistancesConfiguredByUser',
  'payBikeAllowanceViaMobilityBudget',
] as const;

type RateField = (typeof RATE_FIELDS)[number];
type AmountField = (typeof AMOUNT_FIELDS)[number];
type Flag = (typeof FLAGS)[number];

export type TripValues = Record<RateField | AmountField, string> &
  Record<Flag, boolean> & {
    carCommuteCompensationType: CarCommuteCompensationType;
    businessTripCarType: BusinessTripCarType;
  };

/** The tax-free rate kind shown beside a rate field (the others have none). */
const TAX_FREE_KIND: Partial<Record<RateField, TaxFreeRateKind>> = {
  commuteBikeCompensationPerKm: 'BIKE',
  commuteWalkingCompensationPerKm: 'WALK',
  businessTripPrivateCarCompensationPerKm: 'BUSINESS_PRIVATE_CAR',
  businessTripBikeCompensationPerKm: 'BIKE',
};

/** The field of the car commute's amount for each way of paying it. */
export const CAR_AMOUNT_FIELD: Record<CarCommuteCompensationType, RateField | AmountField> = {
  PER_KILOMETER: 'commuteCarCompensationPerKm',
  PER_TRIP: 'commuteCarCompensationPerTrip',
  PER_DAY: 'commuteCarCompensationPerDay',
};

const BUSINESS_CAR_FIELD: Record<Exclude<BusinessTripCarType, ''>, RateField> = {
  PRIVATE_CAR: 'businessTripPrivateCarCompensationPerKm',
  COMPANY_CAR: 'businessTripCompanyCarCompensationPerKm',
};

function toValues(c: TravelCompensation): TripValues {
  return {
    commuteBikeEnabled: c.commuteBikeEnabled,
    commuteWalkingEnabled: c.commuteWalkingEnabled,
    commuteCarEnabled: c.commuteCarEnabled,
    businessTripsEnabled: c.businessTripsEnabled,
    businessTripBikeEnabled: c.businessTripBikeEnabled,
    allowDistancesConfiguredByUser: c.allowDistancesConfiguredByUser,
    payBikeAllowanceViaMobilityBudget: c.payBikeAllowanceViaMobilityBudget,
    carCommuteCompensationType: c.carCommuteCompensationType || 'PER_KILOMETER',
    businessTripCarType: c.businessTripCarType,
    commuteBikeCompensationPerKm: fromMicros(c.commuteBikeCompensationPerKm),
    commuteWalkingCompensationPerKm: fromMicros(c.commuteWalkingCompensationPerKm),
    commuteCarCompensationPerKm: fromMicros(c.commuteCarCompensationPerKm),
    businessTripPrivateCarCompensationPerKm: fromMicros(c.businessTripPrivateCarCompensationPerKm),
    businessTripCompanyCarCompensationPerKm: fromMicros(c.businessTripCompanyCarCompensationPerKm),
    businessTripBikeCompensationPerKm: fromMicros(c.businessTripBikeCompensationPerKm),
    commuteCarCompensationPerTrip: fromCents(c.commuteCarCompensationPerTrip),
    commuteCarCompensationPerDay: fromCents(c.commuteCarCompensationPerDay),
  };
}

/** The amount fields on screen: only those are checked, and only they get the server's messages. */
export function shownAmountFields(v: Pick<TripValues, Flag | 'carCommuteCompensationType' | 'businessTripCarType'>): (RateField | AmountField)[] {
  const shown: (RateField | AmountField)[] = [];
  if (v.commuteBikeEnabled) shown.push('commuteBikeCompensationPerKm');
  if (v.commuteWalkingEnabled) shown.push('commuteWalkingCompensationPerKm');
  if (v.commuteCarEnabled) shown.push(CAR_AMOUNT_FIELD[v.carCommuteCompensationType]);
  if (v.businessTripsEnabled) {
    if (v.businessTripCarType) shown.push(BUSINESS_CAR_FIELD[v.businessTripCarType]);
    if (v.businessTripBikeEnabled) shown.push('businessTripBikeCompensationPerKm');
  }
  return shown;
}

function shownFields(v: TripValues): Path<TripValues>[] {
  const fields: Path<TripValues>[] = ['commuteBikeEnabled', 'commuteWalkingEnabled', 'commuteCarEnabled', 'businessTripsEnabled', 'allowDistancesConfiguredByUser'];
  if (v.commuteBikeEnabled) fields.push('payBikeAllowanceViaMobilityBudget');
  if (v.commuteCarEnabled) fields.push('carCommuteCompensationType');
  if (v.businessTripsEnabled) fields.push('businessTripCarType', 'businessTripBikeEnabled');
  return [...fields, ...shownAmountFields(v)];
}

/**
 * The tab's part of the configuration. A field not on screen keeps what
 * the server holds; business trips switched off send no car and no bike
 * (the server refuses them otherwise).
 */
export function toChange(v: TripValues, current: TravelCompensation): Partial<TravelCompensation> {
  const rate = (field: RateField) => toMicros(v[field]) ?? current[field];
  const amount = (field: AmountField) => toCents(v[field]) ?? current[field];
  return {
    commuteBikeEnabled: v.commuteBikeEnabled,
    commuteWalkingEnabled: v.commuteWalkingEnabled,
    commuteCarEnabled: v.commuteCarEnabled,
    carCommuteCompensationType: v.carCommuteCompensationType,
    commuteBikeCompensationPerKm: rate('commuteBikeCompensationPerKm'),
    commuteWalkingCompensationPerKm: rate('commuteWalkingCompensationPerKm'),
    commuteCarCompensationPerKm: rate('commuteCarCompensationPerKm'),
    commuteCarCompensationPerTrip: amount('commuteCarCompensationPerTrip'),
    commuteCarCompensationPerDay: amount('commuteCarCompensationPerDay'),
    businessTripsEnabled: v.businessTripsEnabled,
    businessTripCarType: v.businessTripsEnabled ? v.businessTripCarType : '',
    businessTripBikeEnabled: v.businessTripsEnabled && v.businessTripBikeEnabled,
    businessTripPrivateCarCompensationPerKm: rate('businessTripPrivateCarCompensationPerKm'),
    businessTripCompanyCarCompensationPerKm: rate('businessTripCompanyCarCompensationPerKm'),
    businessTripBikeCompensationPerKm: rate('businessTripBikeCompensationPerKm'),
    allowDistancesConfiguredByUser: v.allowDistancesConfiguredByUser,
    payBikeAllowanceViaMobilityBudget: v.payBikeAllowanceViaMobilityBudget,
  };
}

/**
 * company/products/trip-registration: which commutes and business trips
 * the company compensates and how (SPEC §3 Trip configuration).
 */
export default function TripRegistrationTab() {
  const { ospId } = useSelectedCorporateAccount();
  const query = useTravelCompensation(ospId);
  const rates = useTaxFreeRates();
  if (!ospId || query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <TripForm key={query.dataUpdatedAt} compensation={query.data} rates={rates.data} />;
}

function TripForm({ compensation, rates }: { compensation: TravelCompensation; rates: TaxFreeRate[] | undefined }) {
  const { t } = useTranslation('companyTrips');
  const save = useSaveTravelCompensation();

  const schema = useMemo(() => {
    const label = (name: string) => t(`trip.${name}`);
    const rateRule = (name: RateField) => numberRule(t, label(name), { min: 0, max: MAX_RATE_EUR, decimals: RATE_DECIMALS });
    const amountRule = (name: AmountField) => moneyRule(t, label(name), { max: MAX_ALLOWANCE_EUR });
    return z
      .object({
        carCommuteCompensationType: z.enum(CAR_COMMUTE_COMPENSATION_TYPES),
        businessTripCarType: z.enum(BUSINESS_TRIP_CAR_TYPES),
        ...Object.fromEntries(FLAGS.map((name) => [name, z.boolean()])),
        ...Object.fromEntries([...RATE_FIELDS, ...AMOUNT_FIELDS].map((name) => [name, z.string()])),
      })
      .superRefine((raw, ctx) => {
        // Only the fields on screen are checked: a hidden one keeps the server's value.
        const values = raw as unknown as TripValues;
        for (const name of shownAmountFields(values)) {
          const rule = (RATE_FIELDS as readonly string[]).includes(name) ? rateRule(name as RateField) : amountRule(name as AmountField);
          const result = rule.safeParse(values[name]);
          if (!result.success) ctx.addIssue({ code: 'custom', path: [name], message: result.error.issues[0]?.message ?? '' });
        }
      });
  }, [t]);

  const form = useForm<TripValues>({ resolver: zodResolver(schema) as never, mode: 'onTouched', defaultValues: toValues(compensation) });
  const watched = useWatch({ control: form.control }) as TripValues;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { corporateAccountOspId: compensation.corporateAccountOspId, change: toChange(values, compensation) },
      {
        onSuccess: () => notifySuccess(t('saved')),
        onError: (error) => showFormError(error, form.setError, shownFields(values), t),
      },
    );
  });

  const taxFree = (name: RateField) => {
    const kind = TAX_FREE_KIND[name];
    return kind ? rateOn(rates, kind) : undefined;
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="trip-registration-form">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('trip.intro')}
        </Text>
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="sm">
            {t('trip.commute')}
          </Title>
          <Stack gap="md">
            <Toggle control={form.control} name="commuteBikeEnabled" />
            {watched.commuteBikeEnabled && (
              <Stack gap="md" pl="xl">
                <Rate control={form.control} name="commuteBikeCompensationPerKm" taxFree={taxFree('commuteBikeCompensationPerKm')} />
                <Toggle control={form.control} name="payBikeAllowanceViaMobilityBudget" hint={t('trip.payBikeHint')} />
              </Stack>
            )}
            <Toggle control={form.control} name="commuteWalkingEnabled" />
            {watched.commuteWalkingEnabled && (
              <Stack gap="md" pl="xl">
                <Rate control={form.control} name="commuteWalkingCompensationPerKm" taxFree={taxFree('commuteWalkingCompensationPerKm')} />
              </Stack>
            )}
            <Toggle control={form.control} name="commuteCarEnabled" />
            {watched.commuteCarEnabled && (
              <Stack gap="md" pl="xl">
                <Controller
                  control={form.control}
                  name="carCommuteCompensationType"
                  render={({ field, fieldState }) => (
                    <Radio.Group
                      label={t('trip.carCommuteCompensationType')}
                      value={field.value}
                      onChange={(value) => field.onChange(value as CarCommuteCompensationType)}
                      error={fieldState.error?.message}
                      data-testid="field-carCommuteCompensationType"
                    >
                      <Group gap="lg" mt="xs">
                        {CAR_COMMUTE_COMPENSATION_TYPES.map((type) => (
                          <Radio key={type} value={type} label={t(`trip.carTypes.${type}`)} data-testid={`car-type-${type}`} />
                        ))}
                      </Group>
                    </Radio.Group>
                  )}
                />
                {watched.carCommuteCompensationType === 'PER_KILOMETER' ? (
                  <Rate control={form.control} name="commuteCarCompensationPerKm" />
                ) : (
                  <Amount control={form.control} name={CAR_AMOUNT_FIELD[watched.carCommuteCompensationType] as AmountField} />
                )}
              </Stack>
            )}
            <Toggle control={form.control} name="allowDistancesConfiguredByUser" hint={t('trip.allowDistancesHint')} />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="sm">
            {t('trip.business')}
          </Title>
          <Stack gap="md">
            <Toggle control={form.control} name="businessTripsEnabled" />
            {watched.businessTripsEnabled && (
              <Stack gap="md" pl="xl">
                <Controller
                  control={form.control}
                  name="businessTripCarType"
                  render={({ field, fieldState }) => (
                    <Radio.Group
                      label={t('trip.businessTripCarType')}
                      value={field.value || 'none'}
                      onChange={(value) => field.onChange(value === 'none' ? '' : (value as BusinessTripCarType))}
                      error={fieldState.error?.message}
                      data-testid="field-businessTripCarType"
                    >
                      <Group gap="lg" mt="xs">
                        {BUSINESS_TRIP_CAR_TYPES.map((type) => (
                          <Radio
                            key={type || 'none'}
                            value={type || 'none'}
                            label={t(`trip.businessCarTypes.${type || 'none'}`)}
                            data-testid={`business-car-${type || 'none'}`}
                          />
                        ))}
                      </Group>
                    </Radio.Group>
                  )}
                />
                {watched.businessTripCarType && (
                  <Rate
                    control={form.control}
                    name={BUSINESS_CAR_FIELD[watched.businessTripCarType]}
                    taxFree={taxFree(BUSINESS_CAR_FIELD[watched.businessTripCarType])}
                  />
                )}
                <Toggle control={form.control} name="businessTripBikeEnabled" />
                {watched.businessTripBikeEnabled && (
                  <Rate control={form.control} name="businessTripBikeCompensationPerKm" taxFree={taxFree('businessTripBikeCompensationPerKm')} />
                )}
              </Stack>
            )}
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="trip-registration-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Toggle({ control, name, hint }: { control: Control<TripValues>; name: Flag; hint?: string }) {
  const { t } = useTranslation('companyTrips');
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Stack gap={4}>
          <Switch
            label={t(`trip.${name}`)}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            aria-describedby={hint ? hintId : undefined}
            data-testid={`field-${name}`}
          />
          {hint && (
            <Text id={hintId} size="xs" c="dimmed" pl={50}>
              {hint}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}

function Rate({ control, name, taxFree }: { control: Control<TripValues>; name: RateField; taxFree?: TaxFreeRate }) {
  const { t } = useTranslation('companyTrips');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RateInput
          label={t(`trip.${name}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          taxFree={taxFree}
          testId={`field-${name}`}
          required
        />
      )}
    />
  );
}

function Amount({ control, name }: { control: Control<TripValues>; name: AmountField }) {
  const { t } = useTranslation('companyTrips');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CurrencyInput
          label={t(`trip.${name}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data-testid={`field-${name}`}
          maw={320}
          required
        />
      )}
    />
  );
}
