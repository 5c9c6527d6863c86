import { Checkbox, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContactTypes } from '../../api/getContactTypes';

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | null;
}

/** Which mails a contact gets: invoices, the year-end HR overview, company budget alerts (SPEC §6). */
export function ContactTypesField({ value, onChange, error }: Props) {
  const { t } = useTranslation('users');
  const types = useContactTypes();
  if (types.isPending) return <Loader size="sm" />;
  return (
    <Checkbox.Group label={t('fields.contactTypes')} withAsterisk value={value} onChange={onChange} error={error}>
      <Group mt="xs">
        {(types.data ?? []).map(({ contactType }) => (
          <Checkbox key={contactType} value={contactType} label={t(`contactTypes.${contactType}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
