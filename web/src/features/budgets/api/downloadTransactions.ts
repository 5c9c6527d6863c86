import { useMutation } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { TRANSACTIONS_XLSX_FILE } from '@/lib/constants';
import { saveBlob, withDownloadProgress, type DownloadMessages } from '@/lib/download';

/** The ledger rows of a filter as an XLSX file (binary answer). */
export function fetchTransactionsXlsx(filter: Body<'/portal-service/v1/budget/transaction/download/xlsx'>): Promise<Blob> {
  return api.post('/portal-service/v1/budget/transaction/download/xlsx', { body: filter, responseType: 'blob' });
}

export interface DownloadVariables {
  filter: Body<'/portal-service/v1/budget/transaction/download/xlsx'>;
  messages: DownloadMessages;
}

/** Downloads with the SPEC §8 progress messages and saves the file. */
export async function downloadTransactions({ filter, messages }: DownloadVariables): Promise<void> {
  const blob = await withDownloadProgress(() => fetchTransactionsXlsx(filter), messages);
  saveBlob(blob, TRANSACTIONS_XLSX_FILE);
}

export function useDownloadTransactions() {
  return useMutation({ mutationFn: downloadTransactions });
}
