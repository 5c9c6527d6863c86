import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Mails the expense's receipt to the user. */
export function emailReceipt(ospId: string): Promise<void> {
  return api.post('/portal-service/v1/events/emailReceipt/get', { body: { ospId } });
}

export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}
