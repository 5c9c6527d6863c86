import type { ResourceLanguage } from 'i18next';

// All texts of one language, one chunk: lib/i18n downloads it when the
// language is first used, so a visit loads only its own language.
// The lazy feature namespaces (lib/i18n LAZY_NAMESPACES) are left out:
// each is a chunk of its own, downloaded with its pages.
const files = import.meta.glob<ResourceLanguage>(['./*.json', '!./{trips,companyTrips,templates,messaging,translations,resources,providerUploads,vouchers,reconciliation,partners,products,userFees,invoices,providerPayments,orders,pluginOrders,nmbsInvoices}.json'], { eager: true, import: 'default' });

const texts: Record<string, ResourceLanguage> = Object.fromEntries(
  Object.entries(files).map(([path, content]) => [path.replace(/^\.\/(\w+)\.json$/, '$1'), content]),
);
export default texts;
