import { ActionIcon, Loader, Menu } from '@mantine/core';
import { IconCash, IconDotsVertical, IconDownload, IconReceiptRefund, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/notify';
import { DETAIL_MISSING_LABEL, DOCUMENT_FORMATS, useDownloadDocument, type DocumentFormat } from '../api/invoices';
import type { Invoice } from '../api/types';

/** What platform staff do to a document beyond reading it. */
export type StaffAction = 'pay' | 'creditNote' | 'send';

interface Props {
  invoice: Invoice;
  /** The staff actions this row offers (none for invoice managers). */
  staffActions: readonly StaffAction[];
  onStaffAction: (action: StaffAction, invoice: Invoice) => void;
}

const STAFF_ICONS = { pay: IconCash, creditNote: IconReceiptRefund, send: IconSend } as const;

/**
 * A row's menu: the document's PDF, UBL XML and detail CSV with SPEC §8's
 * download messages (the detail's 404 in SPEC §8's words: the server's
 * label's text), then the staff
 * actions.
 */
export function RowActions({ invoice, staffActions, onStaffAction }: Props) {
  const { t } = useTranslation('invoices');
  const download = useDownloadDocument();

  const start = (format: DocumentFormat) =>
    download.mutate(
      { invoice, format, messages: { started: t('download.started'), long: t('download.long') } },
      { onSuccess: (outcome) => outcome === 'noDetail' && notifyError(t(`errors:${DETAIL_MISSING_LABEL}`)) },
    );

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { number: invoice.number })} data-testid="invoice-actions">
          {download.isPending ? <Loader size="xs" /> : <IconDotsVertical size={18} aria-hidden />}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {DOCUMENT_FORMATS.map((format) => (
          <Menu.Item
            key={format}
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => start(format)}
            data-testid={`download-${format}`}
          >
            {t(`actions.${format}`)}
          </Menu.Item>
        ))}
        {staffActions.length > 0 && <Menu.Divider />}
        {staffActions.map((action) => {
          const Icon = STAFF_ICONS[action];
          return (
            <Menu.Item
              key={action}
              leftSection={<Icon size={14} aria-hidden />}
              onClick={() => onStaffAction(action, invoice)}
              data-testid={`invoice-${action}`}
            >
              {t(`actions.${action}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The staff actions a document allows: payments on company documents that
 * are not credit notes (a prepaid invoice owes nothing, but money may still
 * come in), a credit note once per invoice, sending every document again.
 */
export function staffActionsFor(invoice: Pick<Invoice, 'kind' | 'creditNoteNumber'>, staff: boolean): StaffAction[] {
  if (!staff) return [];
  if (invoice.kind !== 'INVOICE') return ['send'];
  return invoice.creditNoteNumber ? ['pay', 'send'] : ['pay', 'creditNote', 'send'];
}
