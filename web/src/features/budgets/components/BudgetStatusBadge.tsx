import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { ACTIVE: 'green', REACTIVATED: 'teal', DEACTIVATED: 'gray' };

export function BudgetStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('budgets');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-testid="budget-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
