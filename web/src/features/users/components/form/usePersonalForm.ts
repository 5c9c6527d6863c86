import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { personalSchema, type PersonalValues } from './userForm';
import { useLoginCheck } from './useAvailabilityChecks';

/** The personal-details form with its rules and the live login check. */
export function usePersonalForm(defaultValues: PersonalValues, userOspId?: string) {
  const { t } = useTranslation();
  const schema = useMemo(() => personalSchema(t), [t]);
  const form = useForm<PersonalValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const login = useWatch({ control: form.control, name: 'login' });
  const loginCheck = useLoginCheck(login ?? '', userOspId);
  return { form, loginCheck };
}
