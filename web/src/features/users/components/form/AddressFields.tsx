import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PersonalValues } from './userForm';

interface Props {
  form: UseFormReturn<PersonalValues>;
  name: 'workAddress' | 'homeAddress';
  legend: string;
}

export function AddressFields({ form, name, legend }: Props) {
  const { t } = useTranslation('users');
  const errors = form.formState.errors[name];
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={2}>
        <TextInput label={t('fields.streetName')} error={errors?.streetName?.message} {...form.register(`${name}.streetName`)} />
        <TextInput label={t('fields.number')} error={errors?.number?.message} {...form.register(`${name}.number`)} />
        <TextInput label={t('fields.zip')} error={errors?.zip?.message} {...form.register(`${name}.zip`)} />
        <TextInput label={t('fields.city')} error={errors?.city?.message} {...form.register(`${name}.city`)} />
      </SimpleGrid>
    </Fieldset>
  );
}
