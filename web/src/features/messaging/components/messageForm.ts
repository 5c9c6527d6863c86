import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { API_DATE_FORMAT } from '@/lib/constants';
import { createRules } from '@/lib/validation';
import { BODY_MAX, TITLE_MAX, type MessageWrite, type Recipients } from '../api/messaging';

export interface ChosenUser {
  ospId: string;
  name: string;
}

export interface MessageValues {
  channelOspId: string;
  title: string;
  body: string;
  homeScreenUntil: string;
  push: boolean;
  mode: 'all' | 'chosen';
  groupOspIds: string[];
  users: ChosenUser[];
}

/** Step 1's fields, checked before step 2. */
export const CONTENT_FIELDS = ['channelOspId', 'title', 'body', 'homeScreenUntil', 'push'] as const;

/** The server's field names (message.title…) as the form's; recipients errors show on step 2. */
export const MESSAGE_FIELD_MAP = {
  'message.channelOspId': 'channelOspId',
  'message.title': 'title',
  'message.body': 'body',
  'message.homeScreenUntil': 'homeScreenUntil',
  'message.recipients': 'groupOspIds',
  'message.recipients.all': 'groupOspIds',
  'message.recipients.userGroupOspIds': 'groupOspIds',
  'message.recipients.userOspIds': 'users',
} as const;
export const MESSAGE_FIELDS = [...CONTENT_FIELDS, 'groupOspIds', 'users'] as const;

export function recipientsOf(values: Pick<MessageValues, 'mode' | 'groupOspIds' | 'users'>): Recipients {
  return values.mode === 'all'
    ? { all: true }
    : { all: false, userGroupOspIds: values.groupOspIds, userOspIds: values.users.map((u) => u.ospId) };
}

export function toMessageWrite(values: MessageValues): MessageWrite {
  return {
    channelOspId: values.channelOspId,
    title: values.title.trim(),
    body: values.body.trim(),
    homeScreenUntil: values.homeScreenUntil || undefined,
    push: values.push,
    recipients: recipientsOf(values),
  };
}

export function useMessageForm(channelOspId: string) {
  const { t } = useTranslation('messaging');
  const schema = useMemo(() => {
    const rules = createRules(t);
    return z.object({
      channelOspId: rules.required(t('fields.channel')),
      title: rules.required(t('fields.title')).pipe(rules.maxLength(t('fields.title'), TITLE_MAX)),
      body: rules.required(t('fields.body')).pipe(rules.maxLength(t('fields.body'), BODY_MAX)),
      homeScreenUntil: z
        .string()
        .refine(
          (v) => !v || !dayjs(v, API_DATE_FORMAT).isBefore(dayjs(), 'day'),
          t('rules.notPast', { label: t('fields.homeScreenUntil') }),
        ),
      push: z.boolean(),
      mode: z.enum(['all', 'chosen']),
      groupOspIds: z.array(z.string()),
      users: z.array(z.object({ ospId: z.string(), name: z.string() })),
    });
  }, [t]);
  return useForm<MessageValues>({
    resolver: zodResolver(schema),
    defaultValues: { channelOspId, title: '', body: '', homeScreenUntil: '', push: false, mode: 'all', groupOspIds: [], users: [] },
    mode: 'onTouched',
  });
}
