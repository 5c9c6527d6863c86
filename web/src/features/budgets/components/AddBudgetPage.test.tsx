import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { BudgetTypeInfo } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddBudgetPage from './AddBudgetPage';
import { allowedFrequencies, allowedStrategies, defaultsFor, EMPTY_BUDGET, toWriteData } from './form/budgetForm';

const mobility: BudgetTypeInfo = {
  budgetTypeName: 'MOBILITY_BUDGET',
  infoText: 'The Belgian mobility budget.',
  allowedFrequencies: [{ value: 'YEAR' }, { value: 'MONTH' }],
  allowedStrategiesForFrequency: { YEAR: ['YEAR_RESET', 'YEAR_ADD'], MONTH: ['MONTH_ADD_MONTHLY_RESET_YEARLY'] },
  allowedVatStrategies: ['VAT_INCLUDED'],
  unlimitedAllowed: false,
  defaultFrequency: 'YEAR',
  defaultTransferStrategy: { YEAR: 'YEAR_RESET', MONTH: 'MONTH_ADD_MONTHLY_RESET_YEARLY' },
};
const business: BudgetTypeInfo = {
  budgetTypeName: 'BUSINESS_BUDGET',
  infoText: 'For business expenses.',
  allowedFrequencies: [{ value: 'MONTH' }, { value: 'YEAR' }, { value: '' }],
  allowedStrategiesForFrequency: { MONTH: ['MONTH_RESET', 'MONTH_ADD'], YEAR: ['YEAR_RESET', 'YEAR_ADD'] },
  allowedVatStrategies: ['VAT_INCLUDED', 'VAT_EXCLUDED'],
  unlimitedAllowed: true,
  defaultFrequency: 'MONTH',
  defaultTransferStrategy: { MONTH: 'MONTH_RESET', YEAR: 'YEAR_RESET' },
};

/** The options of an opened Mantine Select (its listbox is named by aria-controls). */
async function optionsOf(input: HTMLElement): Promise<string[]> {
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  return within(listbox).getAllByRole('option', { hidden: true }).map((o) => o.textContent ?? '');
}

describe('budget form rules', () => {
  it('offers only the type’s frequencies and the strategies of the chosen frequency', () => {
    expect(allowedFrequencies(mobility)).toEqual(['YEAR', 'MONTH']);
    expect(allowedFrequencies(business)).toEqual(['MONTH', 'YEAR', '']);
    expect(allowedStrategies(mobility, 'MONTH')).toEqual(['MONTH_ADD_MONTHLY_RESET_YEARLY']);
    expect(allowedStrategies(business, '')).toEqual([]);
    expect(defaultsFor(business)).toEqual({ frequency: 'MONTH', transferStrategy: 'MONTH_RESET', unlimited: false });
  });

  it('builds the payload in cents and leaves out what does not apply', () => {
    expect(
      toWriteData({ ...EMPTY_BUDGET, budgetType: 'BUSINESS_BUDGET', frequency: 'MONTH', transferStrategy: 'MONTH_ADD', frequencyAmount: '100.5', equalToRecurring: true }, 'create'),
    ).toEqual({
      frequency: 'MONTH',
      frequencyAmount: 10050,
      transferStrategy: 'MONTH_ADD',
      unlimited: false,
      equalToRecurring: true,
      frequencyAmountUpdateStrategy: 'NEXT_PERIOD',
      endOfYearRecurrenceStrategy: 'CONTINUE',
      paymentType: 'COMPANY_BUDGET',
    });
    expect(toWriteData({ ...EMPTY_BUDGET, budgetType: 'BUSINESS_BUDGET', unlimited: true, frequency: 'MONTH', frequencyAmount: '5' }, 'create')).toEqual({
      frequency: '',
      unlimited: true,
      frequencyAmountUpdateStrategy: 'NEXT_PERIOD',
      endOfYearRecurrenceStrategy: 'CONTINUE',
      paymentType: 'COMPANY_BUDGET',
    });
  });
});

describe('AddBudgetPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the chosen type and posts budget/{TYPE}/create', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/budget/types')) return jsonResponse(200, [mobility, business]);
      if (call.url.includes('/create')) return jsonResponse(200, { ospId: 'b-1' });
      return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/budgets/add', element: <AddBudgetPage /> },
        { path: '/manage/app-users/:userOspId/budgets', element: <div data-testid="back">back</div> },
      ],
      '/budgets/add?userOspId=u-9',
      newQueryClient(makeUser()),
    );
    await user.click(await screen.findByTestId('budget-type'));
    await user.click(await screen.findByRole('option', { name: 'Business budget', hidden: true }));
    expect(await screen.findByTestId('budget-type-info')).toHaveTextContent('For business expenses.');
    // The type's default frequency and strategy; unlimited is offered for this type.
    expect(screen.getByTestId('budget-frequency')).toHaveValue('Monthly');
    expect(screen.getByTestId('budget-strategy')).toHaveValue('Reset monthly');
    expect(screen.getByLabelText('Unlimited')).toBeInTheDocument();
    await user.click(screen.getByTestId('budget-strategy'));
    expect(await optionsOf(screen.getByTestId('budget-strategy'))).toEqual(['Reset monthly', 'Add monthly']);
    await user.click(screen.getByRole('option', { name: 'Add monthly', hidden: true }));

    await user.type(screen.getByTestId('budget-amount'), '150');
    await user.type(screen.getByTestId('budget-start-amount'), '20.5');
    await user.click(screen.getByTestId('budget-submit'));

    await screen.findByTestId('back');
    const create = calls.find((c) => c.url.endsWith('/budget/BUSINESS_BUDGET/create'))!;
    expect(create.headers['Idempotency-Key']).toMatch(/^[ -~]{1,255}$/);
    expect(create.body).toEqual({
      ownerOspId: 'u-9',
      data: {
        frequency: 'MONTH',
        frequencyAmount: 15000,
        transferStrategy: 'MONTH_ADD',
        startAmount: 2050,
        unlimited: false,
        frequencyAmountUpdateStrategy: 'NEXT_PERIOD',
        endOfYearRecurrenceStrategy: 'CONTINUE',
        paymentType: 'COMPANY_BUDGET',
      },
    });
  });

  it('hides unlimited for a type that does not allow it', async () => {
    mockFetch((call) => (call.url.endsWith('/budget/types') ? jsonResponse(200, [mobility]) : jsonResponse(404, { errorLabel: 'NOT_FOUND' })));
    const user = userEvent.setup();
    renderRoutes([{ path: '/budgets/add', element: <AddBudgetPage /> }], '/budgets/add?userOspId=u-9', newQueryClient(makeUser()));
    await user.click(await screen.findByTestId('budget-type'));
    await user.click(await screen.findByRole('option', { name: 'Mobility budget', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('budget-frequency')).toHaveValue('Yearly'));
    expect(screen.queryByLabelText('Unlimited')).toBeNull();
    await user.click(screen.getByTestId('budget-frequency'));
    expect(await optionsOf(screen.getByTestId('budget-frequency'))).toEqual(['Yearly', 'Monthly']);
  });
});
