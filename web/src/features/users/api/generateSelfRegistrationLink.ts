import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Makes a link employees use to register themselves; the server also mails it to the caller. */
export function generateSelfRegistrationLink(corporateAccountOspId: string) {
  return api.post('/portal-service/v1/user/selfservice/generateLink', {
    body: { ospId: corporateAccountOspId },
  });
}

export function useGenerateSelfRegistrationLink() {
  return useMutation({ mutationFn: generateSelfRegistrationLink });
}
