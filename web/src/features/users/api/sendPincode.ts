import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Mails an app user a new random pincode. */
export function sendPincode(ospId: string): Promise<void> {
  return api.post('/portal-service/v1/user/sendPincode', { body: { ospId } });
}

export function useSendPincode() {
  return useMutation({ mutationFn: sendPincode });
}
