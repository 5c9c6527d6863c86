import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadHistory as History } from '@/components/import/UploadHistory';
import { downloadProviderFile, useProviderHistory, type ProviderKind, type ProviderUpload } from '../api/providerFiles';

/** Earlier files of a kind, newest first: who, when, the result, and the file to download again. */
export function UploadHistory({ kind }: { kind: ProviderKind }) {
  const { t } = useTranslation('vouchers');
  const [page, setPage] = useState(1);
  const history = useProviderHistory(kind, page);
  return (
    <History<ProviderUpload>
      ns="vouchers"
      testId="provider-history"
      history={history}
      page={page}
      onPageChange={setPage}
      onDownload={(u) => void downloadProviderFile(kind, u)}
      extraColumns={kind === 'VOUCHER' ? [{ key: 'company', header: t('history.company'), render: (u) => u.corporateAccountName ?? '—' }] : []}
      uploaded={(u) => ({ on: u.createdAt, by: u.createdBy })}
      processed={(u) => ({ on: u.processedAt, by: u.processedBy })}
      result={(u) => (u.report ? t('report.counts', { booked: u.report.booked, already: u.report.alreadyProcessed, failed: u.report.failed }) : '—')}
    />
  );
}
