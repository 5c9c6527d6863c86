import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie } from '../cookies';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, SUPPORTED_LANGUAGES } from '../constants';
import { detectLanguage } from '../language';

// Every translation file is bundled: they are small, and a sign-in page
// that waits for its texts to download would flash empty.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = content;
  }
  return resources;
}

export const resources = buildResources();
export const namespaces = Object.keys(resources[FALLBACK_LANGUAGE] ?? {});

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(getCookie(LANGUAGE_COOKIE), typeof navigator === 'undefined' ? [] : navigator.languages ?? []),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  // Resources are in memory, so initialise synchronously: the first render already has text.
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
