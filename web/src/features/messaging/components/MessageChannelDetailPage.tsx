import { Anchor, Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { PagedTable, type Column } from '@/components/PagedTable';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { formatDateTime } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { messagingRoutes, paths } from '@/lib/routes';
import { useChannel, useChannelMessages, useDeleteChannel, useUpdateChannel, type Channel, type Message } from '../api/messaging';
import { ChannelFields } from './ChannelFields';
import { CHANNEL_FIELD_MAP, CHANNEL_FIELDS, channelValues, toChannelWrite, useChannelForm } from './channelForm';

/** communication/message-channels/{channelOspId}: the channel's fields and the messages sent on it. */
export default function MessageChannelDetailPage() {
  const { t } = useTranslation('messaging');
  const { channelOspId = '' } = useParams();
  const query = useChannel(channelOspId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.messageChannels} size="sm">
        ← {t('detail.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2} data-testid="channel-title">
          {query.data.name}
        </Title>
        {query.data.corporateAccountOspId && (
          <Button component={Link} to={messagingRoutes.sendOn(query.data.ospId)}>
            {t('channels.send')}
          </Button>
        )}
      </Group>
      {/* a new form when the saved channel comes back, so its fields show what is stored */}
      <ChannelForm key={`${query.data.ospId}/${query.dataUpdatedAt}`} channel={query.data} />
      <ChannelMessages channelOspId={query.data.ospId} />
    </Stack>
  );
}

function ChannelForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const form = useChannelForm(channelValues(channel));
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const [confirm, setConfirm] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...toChannelWrite(values), ospId: channel.ospId });
      notifySuccess(t('detail.saved'));
    } catch (error) {
      showFormError(error, form.setError, CHANNEL_FIELDS, t, CHANNEL_FIELD_MAP);
    }
  });

  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate aria-label={t('detail.details')}>
        <Stack gap="md">
          <ChannelFields form={form} corporateAccountOspId={channel.corporateAccountOspId ?? ''} />
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
              {t('detail.delete')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="channel-save">
              {t('detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirm}
        onClose={() => setConfirm(false)}
        danger
        title={t('detail.deleteTitle')}
        message={t('detail.deleteMessage', { name: channel.name })}
        confirmLabel={t('detail.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(channel.ospId, {
            onSuccess: () => {
              notifySuccess(t('detail.deleted'));
              navigate(paths.messageChannels);
            },
          })
        }
      />
    </Card>
  );
}

const STATUS_COLORS: Record<Message['status'], string> = { QUEUED: 'gray', SENDING: 'blue', SENT: 'green' };

function ChannelMessages({ channelOspId }: { channelOspId: string }) {
  const { t } = useTranslation('messaging');
  const [page, setPage] = useState(1);
  const messages = useChannelMessages(channelOspId, page, DEFAULT_PAGE_SIZE);
  const columns: Column<Message>[] = [
    { key: 'title', header: t('detail.columns.title'), render: (m) => m.title },
    { key: 'sentOn', header: t('detail.columns.sentOn'), render: (m) => formatDateTime(m.createdOn) },
    { key: 'recipients', header: t('detail.columns.recipients'), render: (m) => m.recipientCount },
    {
      key: 'status',
      header: t('detail.columns.status'),
      render: (m) => (
        <Badge variant="light" color={STATUS_COLORS[m.status]}>
          {t(`detail.status.${m.status}`)}
        </Badge>
      ),
    },
    { key: 'sentBy', header: t('detail.columns.sentBy'), render: (m) => m.sentBy ?? '' },
  ];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3}>{t('detail.messages')}</Title>
        <PagedTable
          testId="channel-messages-table"
          columns={columns}
          rows={messages.data?.content}
          rowKey={(m) => m.ospId}
          isLoading={messages.isPending}
          isFetching={messages.isFetching}
          error={messages.error}
          onRetry={() => void messages.refetch()}
          emptyMessage={t('detail.noMessages')}
          page={page}
          totalPages={messages.data?.totalPages}
          totalElements={messages.data?.totalElements}
          onPageChange={setPage}
        />
      </Stack>
    </Card>
  );
}
