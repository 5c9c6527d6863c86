import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

/** Mails an app user a new random pincode. */
export function sendPincode(ospId: string): Promise<void> {
  return apiRequest<void>('/portal-service/v1/user/sendPincode', { body: { ospId } });
}

export function useSendPincode() {
  return useMutation({ mutationFn: sendPincode });
}
