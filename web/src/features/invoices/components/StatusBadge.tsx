import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../api/types';

/**
 * One colour per status (SPEC §3), so a list reads at a glance: settled
 * green, a problem orange or red. Only colours whose light badge reads at
 * 4.5:1 on its own tint with the app's theme (AppThemeProvider): grape
 * did not (4.46:1, axe).
 */
export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  CREATED: 'gray',
  SENT: 'blue',
  PAID: 'green',
  INSUFFICIENT_PAYMENT: 'orange',
  EXCESSIVE_PAYMENT: 'red',
};

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="invoice-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
