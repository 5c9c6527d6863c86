import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '@/lib/api/types';
import { useDownloadImportTemplate, type TemplateFormat } from '../../api/downloadImportTemplate';

const FORMATS: TemplateFormat[] = ['csv', 'xlsx'];

export function TemplateLinks({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('users');
  const download = useDownloadImportTemplate();
  return (
    <Group gap="sm">
      <Text size="sm">{t('import.template')}</Text>
      {FORMATS.map((format) => (
        <Anchor
          key={format}
          component="button"
          type="button"
          size="sm"
          onClick={() => download.mutate({ kind, format })}
          disabled={download.isPending}
        >
          {t(`import.templateFormats.${format}`)}
        </Anchor>
      ))}
    </Group>
  );
}
