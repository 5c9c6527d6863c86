import { MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MAX_CAPACITY,
  MAX_PUMPS,
  RESOURCE_DESCRIPTION_MAX_LENGTH,
  RESOURCE_EXT_ID_MAX_LENGTH,
  RESOURCE_MAX_LABELS,
  RESOURCE_NAME_MAX_LENGTH,
} from '@/lib/constants';
import { useLabelOptions, useMobilityModes, useMrpPartners } from '../../api/options';
import type { AnyResource, Kind } from '../../api/types';
import { isLocated } from '../kinds';
import { CAR_CATEGORY_VALUES, type ResourceValues } from './resourceForm';

interface Props {
  kind: Kind;
  form: UseFormReturn<ResourceValues>;
  /** The resource being edited: its partner and labels stay offered even when no longer active. */
  resource: AnyResource | null;
}

/** Options with the current choice kept, should the list no longer hold it (an inactive partner). */
function withCurrent(options: { value: string; label: string }[], current: { value: string; label: string } | null) {
  if (!current || !current.value || options.some((o) => o.value === current.value)) return options;
  return [current, ...options];
}

/** What every kind has, and what its kind adds: address and coordinates, capacity, car category, pumps. */
export function ResourceFields({ kind, form, resource }: Props) {
  const { t } = useTranslation('resources');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const partners = useMrpPartners();
  const modes = useMobilityModes();
  const labels = useLabelOptions();

  const partnerOptions = withCurrent(
    (partners.data ?? []).map((p) => ({ value: p.ospId, label: p.name })),
    resource ? { value: resource.mrpPartner.ospId, label: resource.mrpPartner.name } : null,
  );
  const labelOptions = (labels.data?.content ?? []).map((l) => ({ value: l.ospId, label: l.text }));
  for (const current of resource?.labels ?? []) {
    if (!labelOptions.some((o) => o.value === current.ospId)) labelOptions.push({ value: current.ospId, label: current.text });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label={t('fields.name')}
          withAsterisk
          maxLength={RESOURCE_NAME_MAX_LENGTH}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label={t('fields.extId')}
          withAsterisk
          description={t('hints.extId')}
          maxLength={RESOURCE_EXT_ID_MAX_LENGTH}
          error={errors.extId?.message}
          {...register('extId')}
        />
        <Controller
          control={control}
          name="mrpPartnerOspId"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.mrpPartner')}
              withAsterisk
              data={partnerOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              searchable
              nothingFoundMessage={t('filters.nothingFound')}
              error={fieldState.error?.message}
              data-testid="field-partner"
            />
          )}
        />
        <Controller
          control={control}
          name="mobilityMode"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.mobilityMode')}
              withAsterisk
              data={(modes.data ?? []).map((m) => ({ value: m.value, label: m.label }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              data-testid="field-mode"
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxLength={RESOURCE_DESCRIPTION_MAX_LENGTH}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="labelOspIds"
        render={({ field, fieldState }) => (
          <MultiSelect
            label={t('fields.labels')}
            data={labelOptions}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            searchable
            maxValues={RESOURCE_MAX_LABELS}
            nothingFoundMessage={t('filters.nothingFound')}
            error={fieldState.error?.message}
            data-testid="field-labels"
          />
        )}
      />
      {kind === 'rental' && (
        <Controller
          control={control}
          name="carCategory"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.carCategory')}
              withAsterisk
              data={CAR_CATEGORY_VALUES.map((value) => ({ value, label: t(`carCategories.${value}`) }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              maw={320}
            />
          )}
        />
      )}
      {(kind === 'parking' || kind === 'bike') && (
        <WholeNumberField form={form} name="capacity" label={t(`fields.capacity.${kind}`)} max={MAX_CAPACITY} />
      )}
      {kind === 'gasstation' && (
        <WholeNumberField form={form} name="numberOfPumps" label={t('fields.numberOfPumps')} max={MAX_PUMPS} required />
      )}
      {isLocated(kind) && <LocationFields form={form} />}
    </Stack>
  );
}

/** A whole number, typed into a number field and kept as its string for the form's rule. */
function WholeNumberField(props: {
  form: UseFormReturn<ResourceValues>;
  name: 'capacity' | 'numberOfPumps';
  label: string;
  max: number;
  required?: boolean;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={props.label}
          withAsterisk={props.required}
          value={field.value}
          onChange={(value) => field.onChange(String(value))}
          onBlur={field.onBlur}
          min={1}
          max={props.max}
          // The rule names what is wrong (a fraction, too many) instead of changing the number.
          clampBehavior="none"
          allowNegative={false}
          error={fieldState.error?.message}
          maw={200}
          data-testid={`field-${props.name}`}
        />
      )}
    />
  );
}

/** Address and coordinates (SPEC §5: latitude -90..90, longitude -180..180). */
function LocationFields({ form }: { form: UseFormReturn<ResourceValues> }) {
  const { t } = useTranslation('resources');
  const errors = form.formState.errors;
  const coordinate = (name: 'latitude' | 'longitude') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={t(`fields.${name}`)}
          withAsterisk
          description={t(`hints.${name}`)}
          value={field.value}
          onChange={(value) => field.onChange(String(value))}
          onBlur={field.onBlur}
          decimalScale={7}
          hideControls
          error={fieldState.error?.message}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={4}>{t('sections.location')}</Title>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        <TextInput label={t('fields.street')} error={errors.address?.street?.message} {...form.register('address.street')} />
        <TextInput label={t('fields.streetNumber')} error={errors.address?.streetNumber?.message} {...form.register('address.streetNumber')} />
        <TextInput label={t('fields.zipCode')} error={errors.address?.zipCode?.message} {...form.register('address.zipCode')} />
        <TextInput label={t('fields.city')} error={errors.address?.city?.message} {...form.register('address.city')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {coordinate('latitude')}
        {coordinate('longitude')}
      </SimpleGrid>
    </Stack>
  );
}
