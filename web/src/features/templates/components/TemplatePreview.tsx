import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import type { ContentType, Preview } from '../api/templates';

interface Props {
  contentType: ContentType;
  preview: Preview | undefined;
  error: unknown;
  pending: boolean;
  /** Nothing typed yet. */
  idle: boolean;
}

/**
 * The live preview beside the editor: the server's rendering with the most
 * recent parameters (or samples). HTML is shown in a sandboxed frame that
 * runs no scripts and reaches nothing of the portal; text as text. A
 * template the engine refuses shows the server's messages instead.
 */
export function TemplatePreview({ contentType, preview, error, pending, idle }: Props) {
  const { t } = useTranslation('templates');
  const problems = error instanceof ApiError ? error.errors.flatMap((e) => e.messages.map((m) => `${t(`previewFields.${e.field}`, e.field)}: ${m}`)) : [];
  return (
    <Card withBorder h="100%" data-testid="template-preview">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('preview.title')}
          </Title>
          {pending && <Loader size="xs" aria-label={t('preview.loading')} />}
        </Group>
        {idle ? (
          <Text c="dimmed" size="sm">
            {t('preview.idle')}
          </Text>
        ) : error ? (
          <Alert color="red" title={t('preview.invalid')} data-testid="preview-errors">
            {problems.length > 0 ? problems.map((p) => <Text key={p} size="sm">{p}</Text>) : t('preview.failed')}
          </Alert>
        ) : preview ? (
          <>
            {preview.sample && (
              <Text size="xs" c="dimmed">
                {t('preview.sample')}
              </Text>
            )}
            <Text fw={600} data-testid="preview-subject">
              {preview.subject}
            </Text>
            {contentType === 'HTML' ? (
              <iframe
                title={t('preview.frame')}
                sandbox=""
                srcDoc={preview.body}
                style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
                data-testid="preview-html"
              />
            ) : (
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }} data-testid="preview-body">
                {preview.body}
              </Text>
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
