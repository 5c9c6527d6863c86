import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BULK_FORMATS, useDownloadBulk } from '../api/invoices';
import type { InvoiceFilter } from '../api/types';

/** The filtered invoices as a ZIP of PDFs, XMLs or detail CSVs, or the list as XLSX (SPEC §8 messages). */
export function BulkDownload({ filter }: { filter: InvoiceFilter }) {
  const { t } = useTranslation('invoices');
  const download = useDownloadBulk();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={download.isPending}
          aria-label={t('bulk.label')}
          data-testid="bulk-download"
        >
          {t('bulk.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {BULK_FORMATS.map((format) => (
          <Menu.Item
            key={format}
            onClick={() => download.mutate({ filter, format, messages: { started: t('download.started'), long: t('download.long') } })}
            data-testid={`bulk-${format}`}
          >
            {t(`bulk.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
