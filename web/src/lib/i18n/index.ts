import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie } from '../cookies';
import { LANGUAGE_COOKIE, SUPPORTED_LANGUAGES } from '../constants';
import { detectLanguage } from '../language';

/** The translation files of every language (src/locales/<lang>/<namespace>.json). */
export const NAMESPACES = [
  'auth',
  'branding',
  'budgets',
  'common',
  'companies',
  'companyProducts',
  'companyTrips',
  'companySettings',
  'corporateAccount',
  'dashboard',
  'errors',
  'expenses',
  'help',
  'invoices',
  'layout',
  'messaging',
  'orders',
  'nmbsInvoices',
  'reporting',
  'partners',
  'pluginOrders',
  'products',
  'providerPayments',
  'providerUploads',
  'reconciliation',
  'resources',
  'templates',
  'translations',
  'trips',
  'userFees',
  'userGroups',
  'users',
  'validation',
  'vouchers',
] as const;

/**
 * Feature namespaces used by lazy pages only (and named by no other
 * namespace's screens): each is its own chunk per language, downloaded the
 * first time a page asks for it (useTranslation suspends until then), so
 * they add nothing to a first visit. locales/<lang>/texts.ts leaves them
 * out (its glob names them too).
 */
export const LAZY_NAMESPACES = ['trips', 'companyTrips', 'templates', 'messaging', 'translations', 'resources', 'providerUploads', 'vouchers', 'reconciliation', 'partners', 'products', 'userFees', 'invoices', 'providerPayments', 'orders', 'pluginOrders', 'nmbsInvoices'] as const satisfies readonly (typeof NAMESPACES)[number][];

// One chunk per language (src/locales/<lang>/texts.ts), downloaded the first
// time the language is used: a visit loads its own language only.
const bundles = import.meta.glob<Record<string, ResourceLanguage>>('../../locales/*/texts.ts', { import: 'default' });
const lazyFiles = import.meta.glob<ResourceLanguage>('../../locales/*/{trips,companyTrips,templates,messaging,translations,resources,providerUploads,vouchers,reconciliation,partners,products,userFees,invoices,providerPayments,orders,pluginOrders,nmbsInvoices}.json', { import: 'default' });
const loading = new Map<string, Promise<Record<string, ResourceLanguage>>>();
const isLazy = (namespace: string) => (LAZY_NAMESPACES as readonly string[]).includes(namespace);

function loadLanguage(language: string): Promise<Record<string, ResourceLanguage>> {
  let bundle = loading.get(language);
  if (!bundle) {
    const load = bundles[`../../locales/${language}/texts.ts`];
    if (!load) return Promise.reject(new Error(`no texts for language "${language}"`));
    bundle = load();
    // A failed download is tried again the next time the language is asked for.
    bundle.catch(() => loading.delete(language));
    loading.set(language, bundle);
  }
  return bundle;
}

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const file = isLazy(namespace) ? lazyFiles[`../../locales/${language}/${namespace}.json`] : undefined;
    const pending = file ? file().then((content) => ({ [namespace]: content })) : loadLanguage(language);
    pending.then(
      (texts) => callback(null, texts[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Resolves once the start-up language's texts are loaded; main.tsx renders after it. */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(getCookie(LANGUAGE_COOKIE), typeof navigator === 'undefined' ? [] : navigator.languages ?? []),
    // Every key exists in every language (locales.test.ts), so no second
    // language is downloaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'currentOnly',
    ns: NAMESPACES.filter((ns) => !isLazy(ns)),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
