import i18n from 'i18next';
import { api } from '../api/typed';
import { setCookie } from '../cookies';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../constants';

export function changeLanguageOnServer(language: Language): Promise<void> {
  return api.post('/portal-service/v1/user/changeLanguage/{lang}', { path: { lang: language } });
}

/**
 * The user picked a language: show it now and remember it for 999 days.
 * When signed in, the layout then stores it on the account as well
 * (app/layout/useAccountLanguage), the one place that keeps both in step.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  setCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_DAYS);
  await i18n.changeLanguage(language);
}

/** Whether the user chose a language on this browser (the cookie exists). */
export function hasStoredLanguageChoice(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${LANGUAGE_COOKIE}=`));
}
