import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONE_COUNTRIES, PHONE_MAX_LENGTH, type PhoneCountry } from '@/lib/constants';
import { callingCode, isPhoneCountry } from '@/lib/phone';

interface Props {
  label: string;
  country: PhoneCountry;
  onCountryChange: (country: PhoneCountry) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
}

/** Country (BE, FR, DE, NL, UA) plus the number as typed; validation lives in lib/validation. */
export function PhoneField({ label, country, onCountryChange, value, onChange, onBlur, error, name }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('phone.country')}
        w={120}
        allowDeselect={false}
        value={country}
        data={PHONE_COUNTRIES.map((code) => ({ value: code, label: `${code} +${callingCode(code)}` }))}
        onChange={(next) => {
          if (isPhoneCountry(next)) onCountryChange(next);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        flex={1}
        label={label}
        name={name}
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
      />
    </Group>
  );
}
