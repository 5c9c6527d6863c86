import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import i18n from '@/lib/i18n';
import { toCents } from '@/lib/money';
import { moneyRule, type MoneyRuleOptions } from '@/lib/validation';
import { CurrencyInput } from './CurrencyInput';

function Harness({ options = {}, allowNegative = false }: { options?: MoneyRuleOptions; allowNegative?: boolean }) {
  const t = i18n.getFixedT('en');
  const form = useForm<{ amount: string }>({
    defaultValues: { amount: '' },
    resolver: zodResolver(z.object({ amount: moneyRule(t, 'Amount', options) })),
    mode: 'onTouched',
  });
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <Controller
        control={form.control}
        name="amount"
        render={({ field, fieldState }) => (
          <CurrencyInput label="Amount" allowNegative={allowNegative} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )}
      />
      <Button type="submit">Go</Button>
    </form>
  );
}

const setup = (props: Parameters<typeof Harness>[0] = {}) => {
  render(
    <MantineProvider>
      <Harness {...props} />
    </MantineProvider>,
  );
  return { input: screen.getByLabelText('Amount') as HTMLInputElement, user: userEvent.setup() };
};

describe('CurrencyInput', () => {
  it('shows a euro prefix and keeps at most two decimals', async () => {
    const { input, user } = setup();
    await user.type(input, '12.345');
    expect(input.value).toBe('€ 12.34');
  });

  it('refuses negatives unless allowed', async () => {
    const first = setup();
    await first.user.type(first.input, '-5');
    expect(first.input.value).toBe('€ 5');
  });

  it('accepts negatives where allowed', async () => {
    const { input, user } = setup({ allowNegative: true, options: { allowNegative: true } });
    await user.type(input, '-5.5');
    expect(input.value).toBe('-€ 5.5');
  });

  it('shows nothing before the field was touched, then only the first failing rule', async () => {
    const { input, user } = setup({ options: { allowZero: false } });
    expect(screen.queryByText('Amount is required')).toBeNull();
    await user.click(input);
    await user.tab();
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    await user.type(input, '0');
    await user.tab();
    expect(await screen.findByText('Amount cannot be 0')).toBeInTheDocument();
    expect(screen.queryByText('Amount is required')).toBeNull();
  });
});

describe('moneyRule', () => {
  const t = i18n.getFixedT('en');
  const first = (value: string, options?: MoneyRuleOptions) => {
    const result = moneyRule(t, 'Amount', options).safeParse(value);
    return result.success ? null : result.error.issues.map((i) => i.message);
  };
  it('checks required, number, precision, sign and zero in that order, one message at a time', () => {
    expect(first('')).toEqual(['Amount is required']);
    expect(first('', { required: false })).toBeNull();
    expect(first('abc')).toEqual(['Amount must be a number']);
    expect(first('-1.234')).toEqual(['Amount can have at most 2 decimals']);
    expect(first('-1')).toEqual(['Amount cannot be negative']);
    expect(first('-1', { allowNegative: true })).toBeNull();
    expect(first('0', { allowZero: false })).toEqual(['Amount cannot be 0']);
    expect(first('12.5')).toBeNull();
  });
  it('converts to integer cents without float errors', () => {
    expect(toCents('0.29')).toBe(29);
    expect(toCents('-12.5')).toBe(-1250);
    expect(toCents('1.005')).toBeNull();
  });
});
