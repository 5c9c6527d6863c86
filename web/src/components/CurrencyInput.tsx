import { NumberInput, type NumberInputProps } from '@mantine/core';
import { CURRENCY_PREFIX, MONEY_DECIMALS } from '@/lib/constants';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'decimalScale' | 'allowNegative'> & {
  /** A decimal string ('12.50'), or '' */
  value: string;
  onChange: (value: string) => void;
  /** SPEC §5: negatives are disallowed unless a field allows them. */
  allowNegative?: boolean;
};

/**
 * The currency input of SPEC §5: euro prefix, at most two decimals,
 * negatives only where allowed. The value stays a string; the form's rule
 * (createRules().money) checks it and the caller converts to cents.
 */
export function CurrencyInput({ value, onChange, allowNegative = false, ...rest }: Props) {
  return (
    <NumberInput
      {...rest}
      value={value}
      onChange={(next) => onChange(String(next))}
      prefix={CURRENCY_PREFIX}
      decimalScale={MONEY_DECIMALS}
      allowNegative={allowNegative}
      hideControls
    />
  );
}
