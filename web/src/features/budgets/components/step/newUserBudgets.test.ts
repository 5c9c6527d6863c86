import { describe, expect, it } from 'vitest';
import type { CompanyBudgetType } from '@/lib/api/types';
import { budgetStepErrors, toUserBudget, type NewUserBudget } from './newUserBudgets';

const business: CompanyBudgetType = {
  budgetType: 'BUSINESS_BUDGET', enabled: true, frequency: 'MONTH', frequencyAmount: 10000,
  transferStrategy: 'MONTH_RESET', unlimited: false, budgetUpperLimit: null,
};

describe('toUserBudget', () => {
  it('is an element of userBudgets with the company defaults and the amounts in cents', () => {
    expect(toUserBudget({ budgetType: 'BUSINESS_BUDGET', frequencyAmount: '100', startAmount: '40.50' }, business)).toEqual({
      type: 'BUSINESS_BUDGET',
      data: { frequency: 'MONTH', unlimited: false, frequencyAmount: 10000, transferStrategy: 'MONTH_RESET', startAmount: 4050 },
    });
  });

  it('leaves the recurring amount and strategy out of an unlimited budget', () => {
    const unlimited = { ...business, unlimited: true, budgetUpperLimit: 50000 };
    expect(toUserBudget({ budgetType: 'BUSINESS_BUDGET', frequencyAmount: '100', startAmount: '' }, unlimited)).toEqual({
      type: 'BUSINESS_BUDGET',
      data: { frequency: '', unlimited: true, budgetUpperLimit: 50000 },
    });
  });
});

describe('budgetStepErrors', () => {
  const sent: NewUserBudget[] = [
    { budgetType: 'CAFETERIA_BUDGET', frequencyAmount: '', startAmount: '25' },
    { budgetType: 'BUSINESS_BUDGET', frequencyAmount: '-1', startAmount: '' },
  ];

  it('puts userBudgets[i] errors on the i-th sent budget: amounts on their input, the rest on the budget', () => {
    expect(
      budgetStepErrors(
        [
          { field: 'email', messages: ['E-mail must be unique'] },
          { field: 'userBudgets[1].data.frequencyAmount', messages: ['Amount may not be negative'] },
          { field: 'userBudgets[0].data.startAmount', messages: ['Start amount is too high'] },
          { field: 'userBudgets[0].type', messages: ['Type is not offered'] },
          { field: 'userBudgets[1].data.transferStrategy', messages: ['Strategy is not valid'] },
          { field: 'userBudgets[7].type', messages: ['no such budget'] },
        ],
        sent,
      ),
    ).toEqual({
      'BUSINESS_BUDGET.frequencyAmount': 'Amount may not be negative',
      'CAFETERIA_BUDGET.startAmount': 'Start amount is too high',
      CAFETERIA_BUDGET: 'Type is not offered',
      BUSINESS_BUDGET: 'Strategy is not valid',
    });
  });
});
