import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { createRules } from '@/lib/validation';
import { CHANNEL_NAME_MAX, type Channel, type ChannelWrite } from '../api/messaging';

export interface ChannelValues {
  name: string;
  recipientAdminOspId: string;
  allowReply: boolean;
  showInApp: boolean;
}

export const CHANNEL_FIELDS = ['name', 'recipientAdminOspId', 'allowReply', 'showInApp'] as const;

/** The server's field names (channel.name…) as the form's. */
export const CHANNEL_FIELD_MAP = {
  'channel.name': 'name',
  'channel.recipientAdminOspId': 'recipientAdminOspId',
  'channel.allowReply': 'allowReply',
  'channel.showInApp': 'showInApp',
} as const;

export const emptyChannel: ChannelValues = { name: '', recipientAdminOspId: '', allowReply: false, showInApp: true };

export function channelValues(c: Channel): ChannelValues {
  return {
    name: c.name,
    recipientAdminOspId: c.recipientAdminOspId ?? '',
    allowReply: c.allowReply,
    showInApp: c.showInApp,
  };
}

export function toChannelWrite(values: ChannelValues): ChannelWrite {
  return {
    name: values.name.trim(),
    recipientAdminOspId: values.recipientAdminOspId || undefined,
    allowReply: values.allowReply,
    showInApp: values.showInApp,
  };
}

/** Name required (at most 100 characters); replies need a recipient admin. */
export function useChannelForm(defaultValues: ChannelValues) {
  const { t } = useTranslation('messaging');
  const schema = useMemo(() => {
    const rules = createRules(t);
    return z
      .object({
        name: rules.required(t('fields.name')).pipe(rules.maxLength(t('fields.name'), CHANNEL_NAME_MAX)),
        recipientAdminOspId: z.string(),
        allowReply: z.boolean(),
        showInApp: z.boolean(),
      })
      .refine((v) => !v.allowReply || v.recipientAdminOspId !== '', {
        path: ['recipientAdminOspId'],
        message: t('rules.adminForReply'),
      });
  }, [t]);
  return useForm<ChannelValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}
