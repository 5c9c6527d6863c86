import { Alert, NumberInput, Stack, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCY_PREFIX } from '@/lib/constants';
import type { TaxFreeRate } from '../api/types';
import { formatRate, RATE_DECIMALS, toMicros } from './rates';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'decimalScale' | 'allowNegative' | 'description'> & {
  /** A decimal string of euros per km ('0.35'), or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The platform's tax-free rate of this kind valid today, when there is one. */
  taxFree?: TaxFreeRate;
  testId: string;
};

/**
 * A rate per km in euros (up to six decimals: micro-euros), with the
 * tax-free rate valid today beside it and a note when the company pays more
 * than that: the part above it is taxable.
 */
export function RateInput({ value, onChange, taxFree, testId, ...rest }: Props) {
  const { t, i18n } = useTranslation('companyTrips');
  const micros = toMicros(value);
  const above = taxFree !== undefined && micros !== null && micros > taxFree.rate;
  const rate = taxFree ? formatRate(taxFree.rate, i18n.language) : '';
  return (
    <Stack gap={4}>
      <NumberInput
        {...rest}
        value={value}
        onChange={(next) => onChange(String(next))}
        prefix={CURRENCY_PREFIX}
        decimalScale={RATE_DECIMALS}
        allowNegative={false}
        hideControls
        inputMode="decimal"
        description={taxFree ? t('taxFreeToday', { rate }) : undefined}
        data-testid={testId}
        maw={320}
      />
      {above && (
        <Alert variant="light" color="orange" role="note" p="xs" maw={640} data-testid={`${testId}-taxable`}>
          {t('aboveTaxFree', { rate })}
        </Alert>
      )}
    </Stack>
  );
}
