import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errorMessage';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { moneyRule } from '@/lib/validation';
import { createBudget } from '../../api/createBudget';
import { useOfferedBudgetTypes } from '../../api/getOfferedBudgetTypes';
import { BudgetsStep } from './BudgetsStep';
import { toCreateRequest, type CreationRow, type NewUserBudget } from './newUserBudgets';

export interface NewUserBudgetsSlot {
  step: ReactNode;
  /** Shown over the page while the budgets are created. */
  overlay: ReactNode;
  /** Checks the amounts before leaving the step. */
  validate: () => boolean;
  /** Opens the chosen budgets for the new user; resolves once done (and failures were seen). */
  afterCreate: (userOspId: string) => Promise<void>;
}

/**
 * The add-user stepper's budgets step: the chosen budgets and their
 * creation after the user, one call per budget (budget/{TYPE}/create),
 * with progress and which ones failed.
 */
export function useNewUserBudgets(corporateAccountOspId: string): NewUserBudgetsSlot {
  const { t } = useTranslation('budgets');
  const types = useOfferedBudgetTypes(corporateAccountOspId);
  const [value, setValue] = useState<NewUserBudget[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rows, setRows] = useState<CreationRow[] | null>(null);
  const finish = useRef<(() => void) | null>(null);
  // One key for this step; each budget call derives its own from it, so
  // creating the same user's budgets again books each at most once.
  const idempotency = useIdempotencyKey();

  const validate = () => {
    const next: Record<string, string> = {};
    for (const choice of value) {
      const info = types.data?.find((type) => type.budgetType === choice.budgetType);
      const recurring = Boolean(info?.frequency) && !info?.unlimited;
      const checks: [keyof NewUserBudget, string, boolean][] = [
        ['frequencyAmount', t('fields.frequencyAmount'), recurring],
        ['startAmount', t('fields.startAmount'), false],
      ];
      for (const [field, label, required] of checks) {
        if (field === 'frequencyAmount' && !recurring) continue;
        const result = moneyRule(t, label, { required }).safeParse(choice[field]);
        if (!result.success) next[`${choice.budgetType}.${field}`] = result.error.issues[0]!.message;
      }
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const afterCreate = async (userOspId: string) => {
    if (value.length === 0) return;
    const initial: CreationRow[] = value.map((v) => ({ budgetType: v.budgetType, state: 'pending' }));
    setRows(initial);
    let failed = false;
    for (const [index, choice] of value.entries()) {
      setRows((current) => current && current.map((row, i) => (i === index ? { ...row, state: 'running' } : row)));
      const info = types.data?.find((type) => type.budgetType === choice.budgetType);
      try {
        await createBudget(
          {
            budgetType: choice.budgetType,
            body: toCreateRequest(choice, info, userOspId),
            idempotencyKey: `${idempotency.current()}:${userOspId}:${choice.budgetType}`,
          },
          true,
        );
        setRows((current) => current && current.map((row, i) => (i === index ? { ...row, state: 'done' } : row)));
      } catch (error) {
        failed = true;
        const message = errorMessage(error, t);
        setRows((current) => current && current.map((row, i) => (i === index ? { ...row, state: 'failed', error: message } : row)));
      }
    }
    if (failed) {
      // Leave the list on screen until the admin has seen which ones failed.
      await new Promise<void>((resolve) => {
        finish.current = resolve;
      });
    }
    setRows(null);
  };

  const done = rows?.filter((row) => row.state === 'done' || row.state === 'failed').length ?? 0;
  const finished = rows !== null && done === rows.length;
  const overlay = (
    <Modal opened={rows !== null} onClose={() => finished && finish.current?.()} title={t('step.creating')} withCloseButton={finished} closeOnClickOutside={false}>
      <Stack gap="sm" data-testid="budget-creation">
        <Progress value={rows && rows.length ? (done / rows.length) * 100 : 0} />
        {rows?.map((row) => (
          <Group key={row.budgetType} justify="space-between" wrap="nowrap">
            <Text size="sm">{t(`types.${row.budgetType}`, { defaultValue: row.budgetType })}</Text>
            <Text size="sm" c={row.state === 'failed' ? 'red' : row.state === 'done' ? 'green' : 'dimmed'} data-testid={`creation-${row.budgetType}`}>
              {t(`step.state.${row.state}`)}
              {row.error ? `: ${row.error}` : ''}
            </Text>
          </Group>
        ))}
        {finished && (
          <Group justify="flex-end">
            <Button onClick={() => finish.current?.()}>{t('step.continue')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );

  return {
    step: <BudgetsStep types={types} value={value} onChange={setValue} errors={errors} />,
    overlay,
    validate,
    afterCreate,
  };
}
