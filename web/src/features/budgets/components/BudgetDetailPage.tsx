import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useListState } from '@/components/list/listState';
import { ErrorState } from '@/components/ErrorState';
import { Money, useFormatMoney } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import type { Budget } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { formatDateTime } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useActivateBudget } from '../api/activateBudget';
import { useDeactivateBudget } from '../api/deactivateBudget';
import { useBudget } from '../api/getBudget';
import { useBudgetTypes } from '../api/getBudgetTypes';
import { useTransactions } from '../api/getTransactions';
import { useRedeemPromoCode } from '../api/redeemPromoCode';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { useUpdateBudget } from '../api/updateBudget';
import { BudgetStatusBadge } from './BudgetStatusBadge';
import { BudgetFields } from './form/BudgetFields';
import { budgetSchema, EMPTY_BUDGET, fromBudget, toWriteData, type BudgetValues } from './form/budgetForm';
import { recurringText } from './recurring';
import { TransactionsTable } from './TransactionsTable';

/** budgets/{budgetOspId}: details, edit, transactions, (de)activation and promo codes. */
export default function BudgetDetailPage() {
  const { t } = useTranslation('budgets');
  const { budgetOspId = '' } = useParams();
  const budget = useBudget(budgetOspId);
  const list = useListState();
  const transactions = useTransactions({ budgetOspId, pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } }, Boolean(budgetOspId));

  if (budget.isPending) return <PageLoader />;
  if (budget.isError) return <ErrorState error={budget.error} onRetry={() => void budget.refetch()} />;
  const b = budget.data;
  const userOspId = b.data.userOspId;

  return (
    <Stack gap="lg">
      {userOspId && (
        <Anchor component={Link} to={namedRoutes.AppUserTab(userOspId, 'budgets')} size="sm">
          ← {t('backToUser')}
        </Anchor>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t(`types.${b.budgetType}`, { defaultValue: b.budgetType })}</Title>
          <BudgetStatusBadge status={b.data.activationStatus} />
        </Group>
        <BudgetActions budget={b} />
      </Group>
      <BudgetSummary budget={b} />
      <RedeemPromoCode budgetOspId={b.ospId} />
      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('tx.title')}
        </Title>
        <TransactionsTable query={transactions} list={list} hide={['user', 'budget']} testId="budget-transactions" />
      </Card>
    </Stack>
  );
}

function BudgetSummary({ budget }: { budget: Budget }) {
  const { t } = useTranslation('budgets');
  const money = useFormatMoney();
  const d = budget.data;
  const rows: [string, React.ReactNode][] = [
    [t('fields.balance'), <Money key="b" cents={d.currentAmount} colored fw={700} data-testid="budget-detail-balance" />],
    [t('fields.recurring'), recurringText(budget, t, money)],
    [t('fields.transferStrategy'), d.transferStrategy ? t(`strategy.${d.transferStrategy}`) : '—'],
    [t('fields.pendingAmount'), d.pendingFrequencyAmount !== null ? money(d.pendingFrequencyAmount) : '—'],
    [t('fields.budgetUpperLimit'), d.budgetUpperLimit !== null ? money(d.budgetUpperLimit) : '—'],
    [t('fields.total'), money(budget.total)],
    [t('fields.paymentType'), t(`paymentType.${budget.type}`, { defaultValue: budget.type })],
    [t('fields.frequencyAmountUpdateStrategy'), t(`updateStrategy.${d.frequencyAmountUpdateStrategy}`, { defaultValue: d.frequencyAmountUpdateStrategy })],
    [t('fields.endOfYearRecurrenceStrategy'), t(`yearEnd.${d.endOfYearRecurrenceStrategy}`, { defaultValue: d.endOfYearRecurrenceStrategy })],
    [t('fields.createdOn'), formatDateTime(d.createdOn)],
  ];
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs">
            <Text size="sm" c="dimmed" w={220}>
              {label}
            </Text>
            <Text size="sm" component="div">
              {value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function BudgetActions({ budget }: { budget: Budget }) {
  const { t } = useTranslation('budgets');
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const deactivate = useDeactivateBudget();
  const activate = useActivateBudget();
  const active = budget.data.activationStatus !== 'DEACTIVATED';
  const toggle = active ? deactivate : activate;
  return (
    <Group gap="xs">
      {active && (
        <Button variant="light" component={Link} to={namedRoutes.AddBudgetAmount(budget.ospId)}>
          {t('actions.addAmount')}
        </Button>
      )}
      <Button variant="light" onClick={() => setEditing(true)} data-testid="edit-budget">
        {t('actions.edit')}
      </Button>
      <Button variant="light" color={active ? 'red' : 'green'} onClick={() => setConfirm(true)} data-testid="toggle-budget">
        {active ? t('actions.deactivate') : t('actions.activate')}
      </Button>
      <ConfirmDialog
        opened={confirm}
        title={active ? t('actions.deactivate') : t('actions.activate')}
        message={active ? t('confirmDeactivate') : t('confirmActivate')}
        confirmLabel={active ? t('actions.deactivate') : t('actions.activate')}
        danger={active}
        loading={toggle.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          toggle.mutate(budget.ospId, {
            onSuccess: () => {
              setConfirm(false);
              notifySuccess(active ? t('deactivated') : t('activated'));
            },
          })
        }
      />
      {editing && <EditBudgetDialog budget={budget} onClose={() => setEditing(false)} />}
    </Group>
  );
}

const FORM_FIELDS = Object.keys(EMPTY_BUDGET) as (keyof BudgetValues)[];

function EditBudgetDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation('budgets');
  const types = useBudgetTypes(budget.data.userOspId ?? budget.data.ownerOspId);
  const update = useUpdateBudget();
  const form = useForm<BudgetValues>({
    defaultValues: fromBudget(budget),
    resolver: zodResolver(budgetSchema(t, 'edit')),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ospId: budget.ospId, data: toWriteData(values, 'edit') });
      notifySuccess(t('saved'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, FORM_FIELDS, t);
    }
  });
  // The type's rules, or at least the budget's own type when the list lacks it.
  const list = types.data ?? [];
  return (
    <Modal opened onClose={onClose} title={t('editTitle')} size="lg">
      {types.isPending ? (
        <PageLoader />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <BudgetFields form={form} types={list} mode="edit" />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="save-budget">
              {t('actions.save')}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}

function RedeemPromoCode({ budgetOspId }: { budgetOspId: string }) {
  const { t } = useTranslation('budgets');
  const [code, setCode] = useState('');
  const redeem = useRedeemPromoCode();
  const idempotency = useIdempotencyKey();
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!code.trim()) return;
          redeem.mutate(
            { body: { budgetOspId, promoCode: code.trim() }, idempotencyKey: idempotency.current() },
            {
              onSuccess: () => {
                idempotency.renew();
                setCode('');
                notifySuccess(t('promo.redeemed'));
              },
            },
          );
        }}
      >
        <Group align="flex-end">
          <TextInput label={t('promo.label')} value={code} onChange={(e) => setCode(e.currentTarget.value)} w={260} />
          <Button type="submit" variant="light" loading={redeem.isPending} disabled={!code.trim()}>
            {t('promo.redeem')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
