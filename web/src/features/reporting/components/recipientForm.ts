import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { createRules } from '@/lib/validation';

export interface RecipientValues {
  email: string;
}

/**
 * A report recipient (SPEC §5): required and a valid e-mail address, not
 * already on the list.
 */
export function recipientSchema(t: TFunction, existing: readonly string[]) {
  const rules = createRules(t);
  const label = t('reporting:recipients.email');
  const taken = new Set(existing.map((email) => email.toLowerCase()));
  return z.object({
    email: rules
      .email(label)
      .refine((value) => !taken.has(value.trim().toLowerCase()), t('reporting:recipients.duplicate')),
  });
}

export function useRecipientForm(existing: readonly string[]) {
  const { t } = useTranslation('reporting');
  const schema = useMemo(() => recipientSchema(t, existing), [t, existing]);
  return useForm<RecipientValues>({ resolver: zodResolver(schema), defaultValues: { email: '' }, mode: 'onTouched' });
}
