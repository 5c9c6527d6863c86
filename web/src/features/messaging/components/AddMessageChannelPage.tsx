import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { messagingRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useAddChannel } from '../api/messaging';
import { ChannelFields } from './ChannelFields';
import { CHANNEL_FIELD_MAP, CHANNEL_FIELDS, emptyChannel, toChannelWrite, useChannelForm } from './channelForm';

/** communication/message-channels/add: a channel of the selected company (platform staff without one: of the platform). */
export default function AddMessageChannelPage() {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const { ospId } = useSelectedCorporateAccount();
  const form = useChannelForm(emptyChannel);
  const add = useAddChannel();

  const submit = form.handleSubmit(async (values) => {
    try {
      const channel = await add.mutateAsync({ ...toChannelWrite(values), corporateAccountOspId: ospId ?? undefined });
      notifySuccess(t('add.created'));
      navigate(messagingRoutes.channel(channel.ospId));
    } catch (error) {
      showFormError(error, form.setError, CHANNEL_FIELDS, t, CHANNEL_FIELD_MAP);
    }
  });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('add.title')}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ChannelFields form={form} corporateAccountOspId={ospId ?? ''} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => navigate(-1)}>
                {t('add.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending} data-testid="channel-create">
                {t('add.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
