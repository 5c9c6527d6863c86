import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Step 3: register every line of a valid file, once. */
export function processImport(uploadId: string) {
  return api.post('/portal-service/v1/travel/registration/upload/process', { body: { uploadId } });
}

export function useProcessImport() {
  return useTripMutation(processImport, () => tripKeys.registrations());
}
