import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { createRules } from '@/lib/validation';

export interface GroupValues {
  name: string;
  description: string;
  active: boolean;
}

export function useGroupForm(defaultValues: GroupValues) {
  const { t } = useTranslation('userGroups');
  const schema = useMemo(() => {
    const rules = createRules(t);
    return z.object({
      name: rules.required(t('fields.name')),
      description: rules.maxLength(t('fields.description'), DESCRIPTION_MAX_LENGTH),
      active: z.boolean(),
    });
  }, [t]);
  return useForm<GroupValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

/** The typed name is sent as is; the server turns spaces into underscores (SPEC §3). */
export const toWriteData = (values: GroupValues) => ({
  extId: values.name.trim(),
  description: values.description.trim(),
  active: values.active,
});
