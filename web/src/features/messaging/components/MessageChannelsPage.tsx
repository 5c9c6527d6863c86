import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedTable, type Column } from '@/components/PagedTable';
import { messagingRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useChannels, type Channel } from '../api/messaging';

/**
 * communication/message-channels: the selected company's channels (a
 * company user's own); platform staff without a selection see the
 * platform's channels.
 */
export default function MessageChannelsPage() {
  const { t } = useTranslation('messaging');
  const { ospId } = useSelectedCorporateAccount();
  const channels = useChannels(ospId);
  const yesNo = (b: boolean) => (b ? t('channels.yes') : t('channels.no'));
  const columns: Column<Channel>[] = [
    { key: 'name', header: t('channels.columns.name'), render: (c) => c.name },
    { key: 'recipientAdmin', header: t('channels.columns.recipientAdmin'), render: (c) => c.recipientAdminName ?? '' },
    { key: 'allowReply', header: t('channels.columns.allowReply'), render: (c) => yesNo(c.allowReply) },
    { key: 'showInApp', header: t('channels.columns.showInApp'), render: (c) => yesNo(c.showInApp) },
    { key: 'messages', header: t('channels.columns.messages'), render: (c) => c.messageCount },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{ospId ? t('channels.title') : t('channels.platformTitle')}</Title>
        <Group>
          {ospId && (
            <Button variant="default" component={Link} to={paths.sendMessage}>
              {t('channels.send')}
            </Button>
          )}
          <Button component={Link} to={paths.addMessageChannel}>
            {t('channels.add')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="md">
        <PagedTable
          testId="message-channels-table"
          columns={columns}
          rows={channels.data}
          rowKey={(c) => c.ospId}
          isLoading={channels.isPending}
          error={channels.error}
          onRetry={() => void channels.refetch()}
          emptyMessage={t('channels.empty')}
          rowHref={(c) => messagingRoutes.channel(c.ospId)}
        />
      </Card>
    </Stack>
  );
}
