import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Body, type Reply } from '@/lib/api/typed';
import { saveBlob, withDownloadProgress, type DownloadMessages, type DownloadNotifier } from '@/lib/download';

// The reporting calls (SPEC §7 Reporting): the stored reports, their
// download, and the recipients per report type.

export type ReportFilter = Body<'/portal-service/v1/reporting/findByFilter'>;
export type ReportPage = Reply<'/portal-service/v1/reporting/findByFilter'>;
export type Report = ReportPage['content'][number];
export type ReportType = Reply<'/portal-service/v1/reporting/types'>['types'][number];
export type RecipientsResponse = Reply<'/portal-service/v1/reporting/recipient/get'>;

export type ReportFormat = 'xlsx' | 'csv';

export const reportingKeys = {
  all: ['reporting'] as const,
  list: (filter: ReportFilter) => [...reportingKeys.all, 'list', filter] as const,
  types: () => [...reportingKeys.all, 'types'] as const,
  recipients: (corporateAccountOspId: string) => [...reportingKeys.all, 'recipients', corporateAccountOspId] as const,
};

export function findReports(filter: ReportFilter, signal?: AbortSignal): Promise<ReportPage> {
  return api.post('/portal-service/v1/reporting/findByFilter', { body: filter, signal });
}

export function useReports(filter: ReportFilter) {
  return useQuery({
    queryKey: reportingKeys.list(filter),
    queryFn: ({ signal }) => findReports(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function getReportTypes(signal?: AbortSignal): Promise<ReportType[]> {
  return api.post('/portal-service/v1/reporting/types', { signal }).then((answer) => answer.types);
}

export function useReportTypes() {
  return useQuery({ queryKey: reportingKeys.types(), queryFn: ({ signal }) => getReportTypes(signal), staleTime: Infinity });
}

/** A stored report's file: GET download/{type}?reportOspId=…&format=… (binary). */
export function fetchReportFile(report: Pick<Report, 'ospId' | 'reportType'>, format: ReportFormat): Promise<Blob> {
  return api.get('/portal-service/v1/reporting/download/{type}', {
    path: { type: report.reportType },
    query: { reportOspId: report.ospId, format },
    responseType: 'blob',
  });
}

/** The file name a downloaded report gets: type, company, month. */
export function reportFileName(report: Pick<Report, 'reportType' | 'reportMonth' | 'corporateAccountExtId'>, format: ReportFormat): string {
  const company = report.corporateAccountExtId ? `_${report.corporateAccountExtId}` : '';
  return `${report.reportType.toLowerCase()}${company}_${report.reportMonth}.${format}`.replace(/[^\w.-]/g, '_');
}

export interface DownloadVariables {
  report: Pick<Report, 'ospId' | 'reportType' | 'reportMonth' | 'corporateAccountExtId'>;
  format: ReportFormat;
  messages: DownloadMessages;
}

/** Downloads with the SPEC §8 messages (lib/download) and saves the file. */
export async function downloadReport(
  { report, format, messages }: DownloadVariables,
  notifier?: DownloadNotifier,
  save: (blob: Blob, name: string) => void = saveBlob,
): Promise<void> {
  const blob = await withDownloadProgress(() => fetchReportFile(report, format), messages, notifier);
  save(blob, reportFileName(report, format));
}

export function useDownloadReport() {
  return useMutation({ mutationFn: (variables: DownloadVariables) => downloadReport(variables) });
}

export function getRecipients(corporateAccountOspId: string, signal?: AbortSignal): Promise<RecipientsResponse> {
  return api.post('/portal-service/v1/reporting/recipient/get', { body: { corporateAccountOspId }, signal });
}

export function useRecipients(corporateAccountOspId: string | null) {
  return useQuery({
    queryKey: reportingKeys.recipients(corporateAccountOspId ?? ''),
    queryFn: ({ signal }) => getRecipients(corporateAccountOspId!, signal),
    enabled: Boolean(corporateAccountOspId),
  });
}

export function addRecipients(body: Body<'/portal-service/v1/reporting/recipient/add'>): Promise<RecipientsResponse> {
  return api.post('/portal-service/v1/reporting/recipient/add', { body });
}

export function removeRecipient(body: Body<'/portal-service/v1/reporting/recipient/remove'>): Promise<RecipientsResponse> {
  return api.post('/portal-service/v1/reporting/recipient/remove', { body });
}

/** Adding and removing answer the company's recipients: the cache takes them as they are. */
export function useRecipientChanges(corporateAccountOspId: string) {
  const client = useQueryClient();
  const store = (answer: RecipientsResponse) => client.setQueryData(reportingKeys.recipients(corporateAccountOspId), answer);
  return {
    add: useMutation({ mutationFn: addRecipients, onSuccess: store }),
    remove: useMutation({ mutationFn: removeRecipient, onSuccess: store }),
  };
}
