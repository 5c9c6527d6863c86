import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '@/components/DateField';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { TripDirection, TripKind, TripMode, TripRegistration, TripRegistrationWrite } from '@/lib/api/types';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { notifySuccess } from '@/lib/notify';
import { DISTANCE_DECIMALS, kmToMetres, metresToKm } from '@/lib/units';
import { numberRule } from '@/lib/validation';
import { useCreateRegistration } from '../../api/createRegistration';
import { useUpdateRegistration } from '../../api/updateRegistration';
import { DIRECTIONS, modesOf, showTripFormError, TRIP_DISTANCE_MAX_KM, TRIP_KINDS } from '../tripOptions';

export interface RegistrationValues {
  date: string;
  kind: string;
  mode: string;
  direction: string;
  distance: string;
  description: string;
}
const FIELDS = ['date', 'kind', 'mode', 'direction', 'distance', 'description'] as const;

function schema(t: TFunction) {
  const required = (key: string) => t('validation:required', { label: t(key) });
  return z
    .object({
      date: z.string().min(1, required('fields.date')),
      kind: z.string().min(1, required('fields.kind')),
      mode: z.string(),
      direction: z.string(),
      distance: numberRule(t, t('fields.distance'), { required: false, min: 0, max: TRIP_DISTANCE_MAX_KM, decimals: DISTANCE_DECIMALS }),
      description: z.string().max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('fields.description'), max: DESCRIPTION_MAX_LENGTH })),
    })
    .superRefine((v, ctx) => {
      const fail = (path: string, key: string) => ctx.addIssue({ code: 'custom', path: [path], message: required(key) });
      if (v.kind && v.kind !== 'HOME_WORK' && !v.mode) fail('mode', 'fields.mode');
      if (v.kind === 'COMMUTE' && !v.direction) fail('direction', 'fields.direction');
      // a business trip has no configured distance to fall back on
      if (v.kind === 'BUSINESS' && !v.distance.trim()) fail('distance', 'fields.distance');
    });
}

const empty: RegistrationValues = { date: '', kind: '', mode: '', direction: '', distance: '', description: '' };

function toForm(r: TripRegistration): RegistrationValues {
  return {
    date: r.date,
    kind: r.kind,
    mode: r.mode,
    direction: r.direction,
    distance: r.kind === 'HOME_WORK' ? '' : metresToKm(r.distance),
    description: r.description,
  };
}

/** What the server takes: metres, and only the fields the kind has. */
export function toWrite(values: RegistrationValues, userOspId: string): TripRegistrationWrite {
  const kind = values.kind as TripKind;
  const metres = kind === 'HOME_WORK' ? null : kmToMetres(values.distance);
  return {
    userOspId,
    date: values.date,
    kind,
    mode: (kind === 'HOME_WORK' ? '' : values.mode) as TripMode,
    direction: (kind === 'COMMUTE' ? values.direction : '') as TripDirection,
    ...(metres !== null ? { distance: metres } : {}),
    description: values.description.trim(),
  };
}

interface Props {
  userOspId: string;
  /** The registration being corrected; none: a new one. */
  registration: TripRegistration | null;
  onClose: () => void;
}

/**
 * Adds a registration on the user's behalf (with the form's Idempotency-Key:
 * it becomes money in the monthly run) or corrects a REGISTERED or REJECTED
 * one. A commute's distance may stay empty: the server takes the distance
 * configured for that day.
 */
export function RegistrationDialog({ userOspId, registration, onClose }: Props) {
  const { t } = useTranslation('trips');
  const create = useCreateRegistration();
  const update = useUpdateRegistration();
  const idempotency = useIdempotencyKey();
  const form = useForm<RegistrationValues>({
    defaultValues: registration ? toForm(registration) : empty,
    resolver: zodResolver(schema(t)),
    mode: 'onTouched',
  });
  const [kind, description] = useWatch({ control: form.control, name: ['kind', 'description'] });
  const modes = modesOf(kind as TripKind);

  const submit = form.handleSubmit(async (values) => {
    const body = toWrite(values, userOspId);
    try {
      if (registration) {
        await update.mutateAsync({ ...body, ospId: registration.ospId });
      } else {
        await create.mutateAsync({ body, idempotencyKey: idempotency.current() });
        idempotency.renew();
      }
      notifySuccess(t(registration ? 'registrations.corrected' : 'registrations.created'));
      onClose();
    } catch (error) {
      showTripFormError(error, form.setError, FIELDS, t);
    }
  });

  const select = (name: 'kind' | 'mode' | 'direction', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required
          data={data}
          value={field.value || null}
          onChange={(next) => {
            field.onChange(next ?? '');
            if (name === 'kind') {
              // another kind has other modes, and only commutes a direction
              form.setValue('mode', '');
              form.setValue('direction', '');
            }
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid={`registration-${name}`}
        />
      )}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t(registration ? 'registrations.correctTitle' : 'registrations.addTitle')} size="lg" centered>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="date"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('fields.date')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  maxDate={dayjs().toDate()}
                  error={fieldState.error?.message}
                  data-testid="registration-date"
                />
              )}
            />
            {select('kind', t('fields.kind'), TRIP_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })))}
          </SimpleGrid>
          {kind && kind !== 'HOME_WORK' && (
            <SimpleGrid cols={2}>
              {select('mode', t('fields.mode'), modes.map((m) => ({ value: m, label: t(`modes.${m}`) })))}
              {kind === 'COMMUTE' && select('direction', t('fields.direction'), DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${d}`) })))}
            </SimpleGrid>
          )}
          {kind && kind !== 'HOME_WORK' && (
            <Controller
              control={form.control}
              name="distance"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t('fields.distance')}
                  description={kind === 'COMMUTE' ? t('registrations.distanceHelp') : undefined}
                  required={kind === 'BUSINESS'}
                  suffix=" km"
                  decimalScale={DISTANCE_DECIMALS}
                  allowNegative={false}
                  hideControls
                  value={field.value}
                  onChange={(next) => field.onChange(String(next))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="registration-distance"
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="description"
            render={({ field, fieldState }) => (
              <Textarea
                label={t('fields.description')}
                maxLength={DESCRIPTION_MAX_LENGTH}
                description={`${description.length}/${DESCRIPTION_MAX_LENGTH}`}
                {...field}
                error={fieldState.error?.message}
                data-testid="registration-description"
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="registration-submit">
              {t(registration ? 'registrations.correct' : 'registrations.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
