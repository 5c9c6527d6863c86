import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import type { NewUserBudgetRequest } from '@/lib/api/types';
import { moneyRule } from '@/lib/validation';
import { useOfferedBudgetTypes } from '../../api/getOfferedBudgetTypes';
import { BudgetsStep } from './BudgetsStep';
import { budgetStepErrors, toUserBudget, type NewUserBudget } from './newUserBudgets';

export interface NewUserBudgetsSlot {
  step: ReactNode;
  /** Checks the amounts before leaving the step. */
  validate: () => boolean;
  /** The chosen budgets as the create call's userBudgets (the server opens them with the user, all or nothing). */
  toRequest: () => NewUserBudgetRequest[];
  /** Puts a refused create's userBudgets[i].… errors on the step; true when one was shown. */
  showServerErrors: (error: unknown) => boolean;
}

/**
 * The add-user stepper's budgets step: the chosen budgets, sent with the
 * user in one user/mobile/create call, and the server's errors about them.
 */
export function useNewUserBudgets(corporateAccountOspId: string): NewUserBudgetsSlot {
  const { t } = useTranslation('budgets');
  const types = useOfferedBudgetTypes(corporateAccountOspId);
  const [value, setValue] = useState<NewUserBudget[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The list the last create was sent with: the server's indices point into it.
  const sent = useRef<NewUserBudget[]>([]);

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

  const toRequest = () => {
    sent.current = value;
    return value.map((choice) => toUserBudget(choice, types.data?.find((type) => type.budgetType === choice.budgetType)));
  };

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return false;
    const next = budgetStepErrors(error.errors, sent.current);
    setErrors(next);
    return Object.keys(next).length > 0;
  };

  return {
    step: <BudgetsStep types={types} value={value} onChange={setValue} errors={errors} />,
    validate,
    toRequest,
    showServerErrors,
  };
}
