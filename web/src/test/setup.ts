import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady, NAMESPACES } from '@/lib/i18n';
import { SUPPORTED_LANGUAGES } from '@/lib/constants';

// findBy* and waitFor wait up to 5 s, not 1 s: on a loaded 2-core machine (the
// CI's, running beside other suites) a multi-step form took longer than 1 s
// to reach its last step, and a test that was right failed.
configure({ asyncUtilTimeout: 5000 });

// Tests render at once and some switch language: have every language's texts in memory.
await i18nReady;
await i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
await i18n.reloadResources([...SUPPORTED_LANGUAGES], [...NAMESPACES]);

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// Textarea's autosize listens for web fonts being loaded.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
