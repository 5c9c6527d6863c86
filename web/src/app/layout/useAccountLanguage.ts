import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@/lib/api/types';
import { changeLanguageOnServer, hasStoredLanguageChoice } from '@/lib/i18n/chooseLanguage';
import { isSupportedLanguage } from '@/lib/language';
import { sessionKeys } from '@/lib/session/keys';

/**
 * Keeps the interface and the account in one language after sign-in:
 * a language chosen on this browser (the cookie) wins and is stored on the
 * account, so server-made texts (help, mails) match; without a choice the
 * interface follows the account.
 */
export function useAccountLanguage(user: SessionUser | undefined): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const accountLanguage = user?.language;
  const current = i18n.resolvedLanguage;

  useEffect(() => {
    if (!isSupportedLanguage(accountLanguage) || accountLanguage === current) return;
    if (!hasStoredLanguageChoice()) {
      void i18n.changeLanguage(accountLanguage);
      return;
    }
    if (!isSupportedLanguage(current)) return;
    void changeLanguageOnServer(current)
      .then(() => queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() }))
      .then(() => queryClient.invalidateQueries({ queryKey: ['help'] }))
      .catch(() => undefined);
  }, [accountLanguage, current, i18n, queryClient]);
}
