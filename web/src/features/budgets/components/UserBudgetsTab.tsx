import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { Money, useFormatMoney } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import type { Budget } from '@/lib/api/types';
import { namedRoutes } from '@/lib/routes';
import { useBudgetsByOwner } from '../api/getBudgetsByOwner';
import { BudgetStatusBadge } from './BudgetStatusBadge';
import { RedeemCodeDialog } from './RedeemCodeDialog';
import { recurringText } from './recurring';

/** manage/app-users/{userOspId}/budgets: the user's budgets as cards, and redeeming a promo code on one. */
export default function UserBudgetsTab() {
  const { t } = useTranslation('budgets');
  const { userOspId = '' } = useParams();
  const budgets = useBudgetsByOwner(userOspId);
  const [redeeming, setRedeeming] = useState(false);

  if (budgets.isPending) return <PageLoader />;
  if (budgets.isError) return <ErrorState error={budgets.error} onRetry={() => void budgets.refetch()} />;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('tab.title')}</Title>
        <Group gap="sm">
          {budgets.data.some((b) => b.data.activationStatus !== 'DEACTIVATED') && (
            <Button variant="light" onClick={() => setRedeeming(true)} data-testid="redeem-open">
              {t('promo.open')}
            </Button>
          )}
          <Button component={Link} to={namedRoutes.AddBudget(userOspId)} data-testid="add-budget">
            {t('tab.add')}
          </Button>
        </Group>
      </Group>
      <RedeemCodeDialog budgets={budgets.data} opened={redeeming} onClose={() => setRedeeming(false)} />
      {budgets.data.length === 0 ? (
        <EmptyState message={t('tab.empty')} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {budgets.data.map((budget) => (
            <BudgetCard key={budget.ospId} budget={budget} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function BudgetCard({ budget }: { budget: Budget }) {
  const { t } = useTranslation('budgets');
  const money = useFormatMoney();
  const active = budget.data.activationStatus !== 'DEACTIVATED';
  const pending = budget.data.pendingFrequencyAmount;
  return (
    <Card withBorder padding="md" data-testid={`budget-card-${budget.budgetType}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {t(`types.${budget.budgetType}`, { defaultValue: budget.budgetType })}
            {budget.type === 'PRIVATE_BUDGET' && ` (${t('paymentType.PRIVATE_BUDGET')})`}
          </Text>
          <BudgetStatusBadge status={budget.data.activationStatus} />
        </Group>
        <Group gap="xs" align="baseline">
          <Text size="sm" c="dimmed">
            {t('fields.balance')}
          </Text>
          <Text size="xl" fw={700} data-testid="budget-balance">
            <Money cents={budget.data.currentAmount} colored />
          </Text>
        </Group>
        <Text size="sm">
          {t('fields.recurring')}: {recurringText(budget, t, money)}
        </Text>
        {pending !== null && pending !== undefined && (
          <Text size="sm" c="orange" data-testid="budget-pending">
            {t('pending', { amount: money(pending) })}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" component={Link} to={namedRoutes.Budget(budget.ospId)} data-testid="open-budget">
            {t('actions.open')}
          </Button>
          {active && (
            <Button size="xs" variant="light" component={Link} to={namedRoutes.AddBudgetAmount(budget.ospId)} data-testid="add-amount">
              {t('actions.addAmount')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
