import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

/** Mails the expense's receipt to the user. */
export function emailReceipt(ospId: string): Promise<void> {
  return apiRequest<void>('/portal-service/v1/events/emailReceipt/get', { body: { ospId } });
}

export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}
