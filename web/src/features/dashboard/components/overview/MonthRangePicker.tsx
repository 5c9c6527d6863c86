import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { FIRST_MONTH, monthToPicker, rangeFromPicker, type MonthRange } from './rules';

interface Props {
  label: string;
  value: MonthRange;
  onChange: (range: MonthRange) => void;
  testId: string;
  /** Today, for the tests; the pickers refuse months after it. */
  today?: Date;
}

/**
 * A range of months (one month: pick it twice); months after the current
 * one cannot be picked (SPEC §2: date pickers disallow dates after today).
 */
export function MonthRangePicker({ label, value, onChange, testId, today }: Props) {
  // The picker's own value while the second month is still to be chosen.
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const shown: [string | null, string | null] = draft ?? [monthToPicker(value.from), monthToPicker(value.to)];
  return (
    <MonthPickerInput
      type="range"
      allowSingleDateInRange
      label={label}
      value={shown}
      maxDate={today ?? new Date()}
      minDate={FIRST_MONTH}
      valueFormat="MM/YYYY"
      onChange={(next) => {
        if (next[0] && next[1]) {
          setDraft(null);
          const range = rangeFromPicker(next, today);
          if (range) onChange(range);
        } else {
          setDraft(next);
        }
      }}
      onDropdownClose={() => setDraft(null)}
      popoverProps={{ withinPortal: true }}
      w={220}
      data-testid={testId}
    />
  );
}
