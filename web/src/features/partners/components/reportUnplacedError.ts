import type { TFunction } from 'i18next';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { notifyError } from '@/lib/notify';

/** An error no field could show: notify, unless the API client already did. */
export function reportUnplacedError(error: unknown, t: TFunction): void {
  if (!(isApiError(error) && error.handled)) notifyError(errorMessage(error, t));
}
