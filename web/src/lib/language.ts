import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './constants';

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return SUPPORTED_LANGUAGES.includes(value as Language);
}

/**
 * The interface language at start-up: the stored choice, else the browser's
 * first supported language, else the default (nl).
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isSupportedLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isSupportedLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
