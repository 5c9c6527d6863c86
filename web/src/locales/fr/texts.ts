import type { ResourceLanguage } from 'i18next';

// All texts of one language, one chunk: lib/i18n downloads it when the
// language is first used, so a visit loads only its own language.
const files = import.meta.glob<ResourceLanguage>('./*.json', { eager: true, import: 'default' });

const texts: Record<string, ResourceLanguage> = Object.fromEntries(
  Object.entries(files).map(([path, content]) => [path.replace(/^\.\/(\w+)\.json$/, '$1'), content]),
);
export default texts;
