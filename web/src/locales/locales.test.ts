import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorLabel } from '@/lib/api/errors';
import { SUPPORTED_LANGUAGES } from '@/lib/constants';
import { LAZY_NAMESPACES, NAMESPACES } from '@/lib/i18n';
import en from './en/texts';
import fr from './fr/texts';
import nl from './nl/texts';

const dir = join(process.cwd(), 'src/locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (acc, [k, v]) => ({ ...acc, ...flatten(v, prefix ? `${prefix}.${k}` : k) }),
    {},
  );
}

function load(language: string): Record<string, string> {
  const files = readdirSync(join(dir, language)).filter((f) => f.endsWith('.json'));
  return files.reduce<Record<string, string>>((acc, file) => {
    const ns = file.replace(/\.json$/, '');
    return { ...acc, ...flatten(JSON.parse(readFileSync(join(dir, language, file), 'utf8')), ns) };
  }, {});
}

describe('translations', () => {
  const all = Object.fromEntries(SUPPORTED_LANGUAGES.map((lang) => [lang, load(lang)]));

  it('declares every namespace that lib/i18n loads at start-up', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      const files = readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort(), lang).toEqual([...NAMESPACES].sort());
    }
  });

  it('leaves the lazy namespaces out of the start-up chunk of every language, and only them', () => {
    for (const [lang, texts] of Object.entries({ en, fr, nl })) {
      const eager = NAMESPACES.filter((ns) => !(LAZY_NAMESPACES as readonly string[]).includes(ns));
      expect(Object.keys(texts).sort(), lang).toEqual([...eager].sort());
    }
  });

  it('has the same keys in nl, en and fr', () => {
    const en = Object.keys(all.en!).sort();
    expect(en.length).toBeGreaterThan(50);
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(Object.keys(all[lang]!).sort(), lang).toEqual(en);
    }
  });

  it('has no empty texts and the same placeholders in every language', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(all.en!)) {
      for (const lang of SUPPORTED_LANGUAGES) {
        const other = all[lang]![key]!;
        expect(other.trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(other), `${lang}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('translates the spec\'s fixed messages', () => {
    expect(all.en!['errors.WRONG_CREDENTIALS']).toBe('The login and password do not match');
    expect(all.en!['errors.INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE']).toBe("Seems like it's wrong code");
    expect(all.en!['errors.VALIDATION_FAILED']).toBe('Some fields are invalid');
    expect(all.en!['validation.email']).toBe('The email format seems to be wrong');
    expect(all.en!['validation.required']).toBe('{{label}} is required');
    expect(all.en!['validation.minLength']).toBe('{{label}} must have at least {{min}} characters');
  });

  it('has a translation for every errorLabel the server sends and the app itself uses', () => {
    // The server's list is generated: apperr.Define registers every label and
    // /openapi.json publishes them as the enum of errorLabel (a Go test fails
    // when web/openapi.json is stale).
    const spec = JSON.parse(readFileSync(join(process.cwd(), 'openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    };
    const serverLabels = spec.components.schemas.ApiErrorBody?.properties?.errorLabel?.enum ?? [];
    expect(serverLabels.length).toBeGreaterThan(30);
    const labels = [...serverLabels, ...Object.values(ErrorLabel), 'GENERIC'];
    for (const label of labels) {
      for (const lang of SUPPORTED_LANGUAGES) {
        expect(all[lang]![`errors.${label}`]?.trim(), `${lang}: errors.${label}`).toBeTruthy();
      }
    }
  });

  it('really translates: nl and fr differ from en for sentences', () => {
    const sentences = Object.entries(all.en!).filter(([, text]) => text.split(' ').length >= 4);
    for (const [key, text] of sentences) {
      expect(all.nl![key], `nl:${key}`).not.toBe(text);
      expect(all.fr![key], `fr:${key}`).not.toBe(text);
    }
  });
});
