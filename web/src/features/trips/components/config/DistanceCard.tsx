import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DateField } from '@/components/DateField';
import type { CommuteDistance, CommuteDistances } from '@/lib/api/types';
import { DISTANCE_MAX_DEVIATION_PERCENT } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { DISTANCE_DECIMALS, kmToMetres, metresToKm } from '@/lib/units';
import { distanceDeviationMessage, distanceDeviationRange, numberRule } from '@/lib/validation';
import { useDeleteCommuteDistance } from '../../api/deleteCommuteDistance';
import { useUpdateCommuteDistance } from '../../api/updateCommuteDistance';
import { COMMUTE_DISTANCE_MAX_KM, showTripFormError } from '../tripOptions';

interface Values {
  validFrom: string;
  distance: string;
  userDistance: string;
}
const FIELDS = ['validFrom', 'distance', 'userDistance'] as const;
const MIN_KM = 1 / 10 ** DISTANCE_DECIMALS;

function schema(t: TFunction) {
  const distance = t('config.distance.distance');
  const own = t('config.distance.userDistance');
  return z
    .object({
      validFrom: z.string().min(1, t('validation:required', { label: t('config.distance.validFrom') })),
      distance: numberRule(t, distance, { min: MIN_KM, max: COMMUTE_DISTANCE_MAX_KM, decimals: DISTANCE_DECIMALS }),
      userDistance: numberRule(t, own, { required: false, min: MIN_KM, max: COMMUTE_DISTANCE_MAX_KM, decimals: DISTANCE_DECIMALS }),
    })
    .superRefine((values, ctx) => {
      const admin = kmToMetres(values.distance);
      const user = kmToMetres(values.userDistance);
      if (!admin || !user) return;
      const message = distanceDeviationMessage(t, own, admin, user, metresToKm);
      if (message) ctx.addIssue({ code: 'custom', path: ['userDistance'], message });
    });
}

const km = (metres: number | undefined) => (metres ? `${metresToKm(metres)} km` : '—');

/** The commuting distance per trip (one way): today's, a new one from a day, and the history. */
export function DistanceCard({ userOspId, distances }: { userOspId: string; distances: CommuteDistances }) {
  const { t } = useTranslation('trips');
  const update = useUpdateCommuteDistance();
  const remove = useDeleteCommuteDistance();
  const [deleting, setDeleting] = useState<CommuteDistance | null>(null);
  const form = useForm<Values>({
    defaultValues: { validFrom: '', distance: '', userDistance: '' },
    resolver: zodResolver(schema(t)),
    mode: 'onTouched',
  });
  const distance = useWatch({ control: form.control, name: 'distance' });
  const adminMetres = kmToMetres(distance);
  const range = adminMetres ? distanceDeviationRange(adminMetres) : null;
  const allowOwn = distances.allowDistancesConfiguredByUser;
  const current = distances.current;

  const submit = form.handleSubmit(async (values) => {
    const own = allowOwn ? kmToMetres(values.userDistance) : null;
    try {
      await update.mutateAsync({
        userOspId,
        validFrom: values.validFrom,
        distance: kmToMetres(values.distance) ?? 0,
        ...(own ? { userDistance: own } : {}),
      });
      notifySuccess(t('config.saved'));
      form.reset();
    } catch (error) {
      showTripFormError(error, form.setError, FIELDS, t);
    }
  });

  const kmInput = (name: 'distance' | 'userDistance', label: string, description?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          required={name === 'distance'}
          suffix=" km"
          decimalScale={DISTANCE_DECIMALS}
          allowNegative={false}
          hideControls
          value={field.value}
          onChange={(next) => {
            field.onChange(String(next));
            // the own distance's range follows the distance
            if (name === 'distance' && form.getFieldState('userDistance').isTouched) void form.trigger('userDistance');
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data-testid={`trip-${name}`}
        />
      )}
    />
  );

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('config.distance.title')}</Title>
        <Text size="sm" data-testid="trip-current-distance">
          {current
            ? t('config.distance.current', { distance: km(current.distance), date: formatDate(current.validFrom) }) +
              (current.userDistance ? ` ${t('config.distance.currentOwn', { distance: km(current.userDistance) })}` : '')
            : t('config.distance.none')}
        </Text>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="sm">
            <SimpleGrid cols={allowOwn ? 3 : 2}>
              <Controller
                control={form.control}
                name="validFrom"
                render={({ field, fieldState }) => (
                  <DateField label={t('config.distance.validFrom')} required value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
              {kmInput('distance', t('config.distance.distance'))}
              {allowOwn &&
                kmInput(
                  'userDistance',
                  t('config.distance.userDistance'),
                  range
                    ? t('config.distance.userHelp', { percent: DISTANCE_MAX_DEVIATION_PERCENT, min: metresToKm(range.min), max: metresToKm(range.max) })
                    : t('config.distance.userHelpEmpty', { percent: DISTANCE_MAX_DEVIATION_PERCENT }),
                )}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} data-testid="trip-distance-save">
                {t('config.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        {distances.history.length > 0 && (
          <Table data-testid="trip-distance-history">
            <Table.Caption>{t('config.distance.history')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('config.distance.validFrom')}</Table.Th>
                <Table.Th>{t('config.distance.distance')}</Table.Th>
                {allowOwn && <Table.Th>{t('config.distance.userDistance')}</Table.Th>}
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {distances.history.map((entry) => (
                <Table.Tr key={entry.ospId}>
                  <Table.Td>
                    {formatDate(entry.validFrom)}
                    {entry.ospId === current?.ospId && (
                      <>
                        {' '}
                        <Badge size="sm" variant="light">
                          {t('config.distance.currentBadge')}
                        </Badge>
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>{km(entry.distance)}</Table.Td>
                  {allowOwn && <Table.Td>{km(entry.userDistance)}</Table.Td>}
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(entry)}
                      aria-label={t('config.distance.deleteEntry', { date: formatDate(entry.validFrom) })}
                    >
                      {t('config.distance.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('config.distance.deleteTitle')}
        message={deleting ? t('config.distance.deleteEntry', { date: formatDate(deleting.validFrom) }) + '?' : ''}
        confirmLabel={t('config.distance.delete')}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ ospId: deleting.ospId, userOspId }, { onSuccess: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}
