import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CHANNEL_NAME_MAX, useRecipientAdmins } from '../api/messaging';
import type { ChannelValues } from './channelForm';

/**
 * A channel's fields. The recipient admin is one of the company's
 * communication managers (user/getMessagingRecipients); a platform channel
 * (no company) has none and takes no replies.
 */
export function ChannelFields({ form, corporateAccountOspId }: { form: UseFormReturn<ChannelValues>; corporateAccountOspId: string }) {
  const { t } = useTranslation('messaging');
  const admins = useRecipientAdmins(corporateAccountOspId);
  const errors = form.formState.errors;
  const platform = corporateAccountOspId === '';
  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={CHANNEL_NAME_MAX}
        error={errors.name?.message}
        data-testid="channel-name"
        {...form.register('name')}
      />
      {!platform && (
        <Controller
          control={form.control}
          name="recipientAdminOspId"
          render={({ field }) => (
            <Select
              label={t('fields.recipientAdmin')}
              description={t('fields.recipientAdminHint')}
              clearable
              data={(admins.data ?? []).map((a) => ({ value: a.ospId, label: a.fullName }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errors.recipientAdminOspId?.message}
              comboboxProps={{ withinPortal: true }}
              data-testid="channel-recipient-admin"
            />
          )}
        />
      )}
      {!platform && (
        <Controller
          control={form.control}
          name="allowReply"
          render={({ field }) => (
            <Switch
              label={t('fields.allowReply')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={errors.allowReply?.message}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="showInApp"
        render={({ field }) => (
          <Switch
            label={t('fields.showInApp')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            error={errors.showInApp?.message}
          />
        )}
      />
    </Stack>
  );
}
