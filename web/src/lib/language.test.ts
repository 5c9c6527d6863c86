import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('fr', ['en-US'])).toBe('fr');
  });

  it('uses the first supported browser language when nothing is stored', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-BE', 'en'])).toBe('fr');
    expect(detectLanguage('xx', ['en-GB'])).toBe('en');
  });

  it('falls back to Dutch', () => {
    expect(detectLanguage(null, ['de-DE', 'es'])).toBe('nl');
    expect(detectLanguage(null, [])).toBe('nl');
  });
});
