import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CopyButton, Group, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { useListState } from '@/components/list/listState';
import { DateField } from '@/components/DateField';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { Money } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import type { CompanyBudgetView } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE, DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { moneyRule } from '@/lib/validation';
import { useAddCompanyTransfer } from '../api/addCompanyTransfer';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { useCompanyBudget } from '../api/getCompanyBudget';
import { useTransactions } from '../api/getTransactions';
import { useUpdateThreshold } from '../api/updateThreshold';
import { TransactionsTable } from './TransactionsTable';

/** finance/company-budget: the prepaid company's own budget. */
export default function CompanyBudgetPage() {
  const { t } = useTranslation('budgets');
  const { ospId } = useSelectedCorporateAccount();
  const { data: viewer } = useCurrentUser();
  const view = useCompanyBudget(ospId ?? '');
  const list = useListState();
  const budgetOspId = view.data?.budget?.ospId ?? '';
  const transactions = useTransactions({ budgetOspId, pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } }, Boolean(budgetOspId));

  if (!ospId) return <EmptyState message={t('company.selectCompany')} />;
  if (view.isPending) return <PageLoader />;
  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data;
  const canEditThreshold = Boolean(viewer && (viewer.isOspAdmin || viewer.roles.some((r) => r === 'user_manager' || r === 'ospadmin')));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('company.title')}</Title>
        {viewer?.isOspAdmin && <BankTransferButton corporateAccountOspId={ospId} />}
      </Group>
      {data.belowThreshold && (
        <Alert color="orange" data-testid="below-threshold">
          {t('company.belowThreshold')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed">
            {t('fields.balance')}
          </Text>
          <Text size="xl" fw={700} data-testid="company-balance">
            {data.budget ? <Money cents={data.budget.data.currentAmount} colored /> : t('company.noBudget')}
          </Text>
        </Card>
        <ThresholdCard view={data} corporateAccountOspId={ospId} editable={canEditThreshold} />
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed">
            {t('company.paymentReference')}
          </Text>
          <Group gap="xs">
            <Text fw={700} ff="monospace" data-testid="payment-reference">
              {data.paymentReference}
            </Text>
            <CopyButton value={data.paymentReference}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? t('company.copied') : t('company.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('company.transferHint')}
          </Text>
        </Card>
      </SimpleGrid>
      {data.budget && (
        <Card withBorder padding="md">
          <Title order={4} mb="sm">
            {t('tx.title')}
          </Title>
          <TransactionsTable query={transactions} list={list} hide={['budget']} />
        </Card>
      )}
    </Stack>
  );
}

function ThresholdCard({ view, corporateAccountOspId, editable }: { view: CompanyBudgetView; corporateAccountOspId: string; editable: boolean }) {
  const { t } = useTranslation('budgets');
  const update = useUpdateThreshold();
  const form = useForm<{ threshold: string }>({
    values: { threshold: fromCents(view.threshold) },
    resolver: zodResolver(z.object({ threshold: moneyRule(t, t('company.threshold'), { required: false }) })),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async ({ threshold }) => {
    try {
      await update.mutateAsync({ corporateAccountOspId, threshold: toCents(threshold) });
      notifySuccess(t('saved'));
    } catch (error) {
      showFormError(error, form.setError, ['threshold'], t);
    }
  });
  return (
    <Card withBorder padding="md">
      {editable ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Group align="flex-end" gap="xs">
            <Controller
              control={form.control}
              name="threshold"
              render={({ field, fieldState }) => (
                <CurrencyInput
                  label={t('company.threshold')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  w={180}
                  data-testid="threshold"
                />
              )}
            />
            <Button type="submit" variant="light" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </form>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('company.threshold')}
          </Text>
          <Text fw={700}>{view.threshold !== null ? <Money cents={view.threshold} /> : '—'}</Text>
        </>
      )}
    </Card>
  );
}

interface TransferValues {
  amount: string;
  description: string;
  bookingDate: string;
}

function BankTransferButton({ corporateAccountOspId }: { corporateAccountOspId: string }) {
  const { t } = useTranslation('budgets');
  const [open, setOpen] = useState(false);
  const add = useAddCompanyTransfer();
  const idempotency = useIdempotencyKey();
  const form = useForm<TransferValues>({
    defaultValues: { amount: '', description: '', bookingDate: '' },
    resolver: zodResolver(
      z.object({
        amount: moneyRule(t, t('fields.amount'), { allowNegative: true, allowZero: false }),
        description: z.string().max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('fields.description'), max: DESCRIPTION_MAX_LENGTH })),
        bookingDate: z.string(),
      }),
    ),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        body: {
          corporateAccountOspId,
          amount: toCents(values.amount) ?? 0,
          description: values.description.trim(),
          bookingDate: values.bookingDate || undefined,
        },
        idempotencyKey: idempotency.current(),
      });
      idempotency.renew();
      notifySuccess(t('company.transferBooked'));
      form.reset();
      setOpen(false);
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'description', 'bookingDate'], t);
    }
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="book-transfer">
        {t('company.bookTransfer')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('company.bookTransfer')}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="amount"
              render={({ field, fieldState }) => (
                <CurrencyInput label={t('fields.amount')} required allowNegative value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <Textarea label={t('fields.description')} maxLength={DESCRIPTION_MAX_LENGTH} {...field} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={form.control}
              name="bookingDate"
              render={({ field }) => <DateField label={t('company.bookingDate')} value={field.value} onChange={field.onChange} maxDate={new Date()} />}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {t('company.book')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
