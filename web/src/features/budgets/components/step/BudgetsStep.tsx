import { Alert, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { CompanyBudgetType } from '@/lib/api/types';
import { fromCents } from '@/lib/money';
import type { NewUserBudget } from './newUserBudgets';

interface Props {
  types: { data?: CompanyBudgetType[]; isPending: boolean; error: unknown; refetch: () => unknown };
  value: NewUserBudget[];
  onChange: (value: NewUserBudget[]) => void;
  errors: Record<string, string>;
}

/** Step 2 of adding a user: which budgets to open, with their amounts (type defaults for the rest). */
export function BudgetsStep({ types, value, onChange, errors }: Props) {
  const { t } = useTranslation('budgets');
  if (types.isPending) return <PageLoader />;
  if (types.error || !types.data) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;
  const list = types.data.filter((type) => type.enabled && type.budgetType !== 'COMPANY_BUDGET');
  const chosen = (name: string) => value.find((v) => v.budgetType === name);
  const set = (name: string, patch: Partial<NewUserBudget> | null) => {
    const rest = value.filter((v) => v.budgetType !== name);
    if (patch === null) return onChange(rest);
    const offered = list.find((type) => type.budgetType === name);
    const current = chosen(name) ?? { budgetType: name, frequencyAmount: offered?.frequency ? fromCents(offered.frequencyAmount) : '', startAmount: '' };
    onChange([...rest, { ...current, ...patch }]);
  };

  return (
    <Stack gap="md" data-testid="budgets-step">
      <Text size="sm" c="dimmed">
        {t('step.intro')}
      </Text>
      {list.length === 0 && <Alert>{t('step.none')}</Alert>}
      <Table verticalSpacing="sm">
        <Table.Tbody>
          {list.map((type) => {
            const current = chosen(type.budgetType);
            const recurring = Boolean(type.frequency) && !type.unlimited;
            return (
              <Table.Tr key={type.budgetType}>
                <Table.Td w={280}>
                  <Checkbox
                    label={t(`types.${type.budgetType}`, { defaultValue: type.budgetType })}
                    description={type.unlimited ? t('unlimited') : type.frequency ? t(`frequency.${type.frequency}`) : t('frequency.MANUAL')}
                    checked={Boolean(current)}
                    onChange={(event) => set(type.budgetType, event.currentTarget.checked ? {} : null)}
                    // what the server refused about the budget as a whole (its type, strategy, limit)
                    error={errors[type.budgetType] ?? (recurring ? undefined : errors[`${type.budgetType}.frequencyAmount`])}
                    data-testid={`step-budget-${type.budgetType}`}
                  />
                </Table.Td>
                <Table.Td>
                  {current && (
                    <Group gap="md" align="flex-start">
                      {recurring && (
                        <CurrencyInput
                          label={t('step.recurringAmount', { frequency: t(`frequency.${type.frequency}`) })}
                          value={current.frequencyAmount}
                          onChange={(v) => set(type.budgetType, { frequencyAmount: v })}
                          error={errors[`${type.budgetType}.frequencyAmount`]}
                          w={200}
                        />
                      )}
                      <CurrencyInput
                        label={t('fields.startAmount')}
                        value={current.startAmount}
                        onChange={(v) => set(type.budgetType, { startAmount: v })}
                        error={errors[`${type.budgetType}.startAmount`]}
                        w={200}
                      />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
