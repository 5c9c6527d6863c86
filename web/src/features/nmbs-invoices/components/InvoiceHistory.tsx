import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadHistory } from '@/components/import/UploadHistory';
import { downloadInvoiceFile, useInvoiceHistory, type InvoiceProvider, type InvoiceUpload } from '../api/nmbsInvoices';

/** The company's earlier files of a provider, newest first: who, when, the result, and the file to download again. */
export function InvoiceHistory({ provider, corporateAccountOspId }: { provider: InvoiceProvider; corporateAccountOspId: string }) {
  const { t } = useTranslation('nmbsInvoices');
  const [page, setPage] = useState(1);
  const history = useInvoiceHistory(corporateAccountOspId, provider, page);
  return (
    <UploadHistory<InvoiceUpload>
      ns="nmbsInvoices"
      testId="nmbs-invoice-history"
      history={history}
      page={page}
      onPageChange={setPage}
      onDownload={(u) => void downloadInvoiceFile(u)}
      uploaded={(u) => ({ on: u.uploadedOn, by: u.uploadedBy })}
      processed={(u) => ({ on: u.processedOn, by: u.processedBy })}
      result={(u) =>
        u.counts
          ? t('history.counts', {
              invoiced: u.counts.invoiced,
              differs: u.counts.amountDiffers,
              unknown: u.counts.unknownOrder,
              already: u.counts.alreadyInvoiced + u.counts.duplicateInFile,
            })
          : '—'
      }
    />
  );
}
