import i18n from 'i18next';
import { configureApiClient } from '@/lib/api/client';
import { errorMessage } from '@/lib/api/errorMessage';
import { notifyError } from '@/lib/notify';
import { expireSession } from '@/lib/session/signOut';

/** Connects the API client to the user interface: notifications and sign-out. */
export function installSessionHandlers(): void {
  configureApiClient({
    onError: (error) => notifyError(errorMessage(error, i18n.t)),
    onSessionExpired: (error) => {
      expireSession();
      notifyError(errorMessage(error, i18n.t));
    },
  });
}
