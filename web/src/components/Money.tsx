import { Text, type TextProps } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** Formats cents as euro with two decimals in the interface language (SPEC §9). */
export function useFormatMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return useCallback((cents: number) => formatMoney(cents, i18n.language), [i18n.language]);
}

/** An amount of cents; negative amounts are red. */
export function Money({ cents, colored = false, ...rest }: TextProps & { cents: number; colored?: boolean }) {
  const format = useFormatMoney();
  return (
    <Text component="span" inherit c={colored && cents < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }} {...rest}>
      {format(cents)}
    </Text>
  );
}
