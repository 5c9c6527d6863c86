import { Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ICON_MAX_BYTES } from '@/lib/constants';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteIcon, useUploadIcon } from '../../api/icon';
import type { ResourceOf } from '../../api/types';
import { useConfirm } from '../confirm';
import { ResourceIcon } from '../ResourceIcon';

/** The files an icon may be; the server checks the content, not the name. */
const ICON_ACCEPT = 'image/png,image/jpeg,image/svg+xml';

/** A service resource's icon: preview, upload (replaces), delete after a confirmation. */
export function IconCard({ resource }: { resource: ResourceOf<'service'> }) {
  const { t } = useTranslation('resources');
  const upload = useUploadIcon();
  const remove = useDeleteIcon();
  const { ask, dialog } = useConfirm();
  const icon = resource.icon;
  const send = (file: File | null) => {
    if (!file) return;
    // The server refuses it too; this spares sending a large file for nothing.
    if (file.size > ICON_MAX_BYTES) return notifyError(t('icon.tooBig'));
    upload.mutate({ ospId: resource.ospId, file }, { onSuccess: () => notifySuccess(t('icon.uploaded')) });
  };

  return (
    <Card withBorder padding="lg" data-testid="icon-card">
      <Stack gap="sm">
        <Title order={4}>{t('icon.title')}</Title>
        {icon ? (
          <Group gap="md">
            <ResourceIcon ospId={resource.ospId} version={icon.version} alt={t('icon.alt', { name: resource.name })} size={64} />
            <Text size="sm" c="dimmed">
              {t('icon.info', { fileName: icon.fileName, size: icon.size, width: icon.width, height: icon.height })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('icon.none')}
          </Text>
        )}
        <Group gap="xs">
          <FileButton accept={ICON_ACCEPT} onChange={send}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending} data-testid="upload-icon">
                {icon ? t('icon.replace') : t('icon.upload')}
              </Button>
            )}
          </FileButton>
          {icon && (
            <Button
              variant="subtle"
              color="red"
              onClick={() =>
                ask({
                  title: t('icon.deleteTitle'),
                  message: t('icon.deleteMessage', { name: resource.name }),
                  confirmLabel: t('actions.delete'),
                  danger: true,
                  run: () => remove.mutateAsync(resource.ospId),
                  done: t('icon.deleted'),
                })
              }
              data-testid="delete-icon"
            >
              {t('icon.delete')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('icon.hint')}
        </Text>
      </Stack>
      {dialog}
    </Card>
  );
}
