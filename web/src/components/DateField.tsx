import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { API_DATE_FORMAT, DATE_FORMAT } from '@/lib/constants';
import '@/lib/format';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** yyyy-MM-dd or '' */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date input that shows and accepts dd/MM/yyyy and hands over yyyy-MM-dd
 * (SPEC §5), so forms never deal with Date objects or time zones.
 */
export function DateField({ value, onChange, ...rest }: Props) {
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ? dayjs(next).format(API_DATE_FORMAT) : '')}
      valueFormat={DATE_FORMAT}
      placeholder={rest.placeholder ?? DATE_FORMAT.toLowerCase()}
      dateParser={(input) => {
        const parsed = dayjs(input, DATE_FORMAT, true);
        return parsed.isValid() ? parsed.format(API_DATE_FORMAT) : null;
      }}
      clearable
      popoverProps={{ withinPortal: true }}
    />
  );
}
