import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { DateField } from '@/components/DateField';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { RecurringExpense } from '@/lib/api/types';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { moneyRule } from '@/lib/validation';
import { useRecurring } from '../api/getRecurring';
import { useUpdateRecurring } from '../api/updateRecurring';
import { DeleteRecurringDialog } from './DeleteRecurringDialog';

/** expenses/{recurrenceOspId}: a recurring external purchase, its occurrences, edit and delete. */
export default function RecurringExpensePage() {
  const { t } = useTranslation('expenses');
  const { recurrenceOspId = '' } = useParams();
  const navigate = useNavigate();
  const query = useRecurring(recurrenceOspId);
  const [deleting, setDeleting] = useState(false);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;
  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to={namedRoutes.AppUserTab(r.userOspId, 'expenses')} size="sm">
        ← {t('backToUser')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{r.description}</Title>
        {r.nextOccurrence && !r.deleted && (
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            {t('recurring.delete')}
          </Button>
        )}
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm">{t('fields.user')}: {r.userFullName}</Text>
          <Text size="sm">{t('fields.budget')}: {t(`budgetTypes.${r.budgetType}`, { defaultValue: r.budgetType })}</Text>
          <Text size="sm">{t('fields.recurringType')}: {r.type}</Text>
          <Text size="sm">{t('fields.frequency')}: {t(`frequency.${r.frequency}`)}</Text>
          <Text size="sm">{t('fields.startDate')}: {formatDate(r.startDate)}</Text>
          <Text size="sm">{t('fields.endDate')}: {r.endDate ? formatDate(r.endDate) : '—'}</Text>
          <Text size="sm">{r.nextOccurrence ? t('recurring.next', { date: formatDate(r.nextOccurrence) }) : t('recurring.over')}</Text>
        </SimpleGrid>
      </Card>
      {!r.deleted && r.nextOccurrence && <EditRecurring recurring={r} />}
      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('recurring.occurrences')}
        </Title>
        {r.occurrences.length === 0 ? (
          <Text size="sm" c="dimmed">{t('recurring.noOccurrences')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {r.occurrences.map((o) => (
                <Table.Tr key={o.date}>
                  <Table.Td>{formatDate(o.date)}</Table.Td>
                  <Table.Td>{t(`recurring.outcome.${o.outcome}`)}</Table.Td>
                  <Table.Td>{o.errorLabel ? t(`errors:${o.errorLabel}`, { defaultValue: o.errorLabel }) : ''}</Table.Td>
                  <Table.Td>
                    {o.eventOspId && <Link to={namedRoutes.UserExpense(r.userOspId, o.eventOspId)}>{t('recurring.open')}</Link>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {deleting && (
        <DeleteRecurringDialog recurring={r} onClose={() => setDeleting(false)} onDeleted={() => navigate(namedRoutes.AppUserTab(r.userOspId, 'expenses'))} />
      )}
    </Stack>
  );
}

interface EditValues {
  amount: string;
  description: string;
  endDate: string;
}

function EditRecurring({ recurring }: { recurring: RecurringExpense }) {
  const { t } = useTranslation('expenses');
  const update = useUpdateRecurring();
  const form = useForm<EditValues>({
    values: { amount: fromCents(recurring.amount), description: recurring.description, endDate: recurring.endDate ?? '' },
    resolver: zodResolver(
      z.object({
        amount: moneyRule(t, t('fields.amount'), { allowZero: false }),
        description: z.string().trim().min(1, t('validation:required', { label: t('fields.description') })).max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('fields.description'), max: DESCRIPTION_MAX_LENGTH })),
        endDate: z.string(),
      }),
    ),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ospId: recurring.ospId, amount: toCents(values.amount) ?? 0, description: values.description.trim(), endDate: values.endDate || undefined });
      notifySuccess(t('recurring.saved'));
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'description', 'endDate'], t);
    }
  });
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">{t('recurring.edit')}</Title>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <Controller control={form.control} name="amount" render={({ field, fieldState }) => (
              <CurrencyInput label={t('fields.amount')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )} />
            <Controller control={form.control} name="endDate" render={({ field }) => (
              <DateField label={t('fields.endDate')} value={field.value} onChange={field.onChange} />
            )} />
          </SimpleGrid>
          <Controller control={form.control} name="description" render={({ field, fieldState }) => (
            <Textarea label={t('fields.description')} required maxLength={DESCRIPTION_MAX_LENGTH} placeholder={t('descriptionPlaceholder', { max: DESCRIPTION_MAX_LENGTH })} {...field} error={fieldState.error?.message} />
          )} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>{t('actions.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
