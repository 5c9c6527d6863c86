import type { TFunction } from 'i18next';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  KEY_MAX_LENGTH,
  LANGUAGE_CODES,
  TEXT_MAX_LENGTH,
  TRANSLATION_TYPES,
  type LanguageCode,
  type Translation,
  type TranslationType,
  type TranslationWrite,
} from '../api/translations';

/**
 * The editor's values: one text per language code, so each language is
 * there once by construction; a blank one is left out of the write.
 */
export interface TranslationValues {
  type: TranslationType | '';
  key: string;
  defaultValue: string;
  texts: Record<LanguageCode, string>;
}

export const emptyTexts = (): Record<LanguageCode, string> => ({ GB: '', BE: '', FR: '', DE: '' });

export function translationValues(tr: Translation | null, type?: TranslationType): TranslationValues {
  const texts = emptyTexts();
  for (const text of tr?.translations ?? []) texts[text.languageCode] = text.text;
  return { type: tr?.type ?? type ?? '', key: tr?.key ?? '', defaultValue: tr?.defaultValue ?? '', texts };
}

/** What create (and update, with the ospId) takes: each language once, in order, blank ones left out. */
export function toWrite(values: TranslationValues): TranslationWrite {
  return {
    type: values.type as TranslationType,
    key: values.key.trim(),
    defaultValue: values.defaultValue,
    translations: LANGUAGE_CODES.filter((code) => values.texts[code].trim() !== '').map((code) => ({
      languageCode: code,
      text: values.texts[code],
    })),
  };
}

// Printable characters only in a key (the server's rule); texts may hold
// tabs and line breaks but no other control character.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Characters the way the server counts them (code points, not UTF-16 units). */
export const characterCount = (text: string) => [...text].length;

/** The editor's rules: those of the server (SPEC §5, §9), so a refusal is rare. */
export function translationSchema(t: TFunction) {
  const text = (label: string, required: boolean) =>
    z
      .string()
      .refine((s) => !required || s.trim() !== '', t('validation:required', { label }))
      .refine((s) => characterCount(s) <= TEXT_MAX_LENGTH, t('validation:maxLength', { label, max: TEXT_MAX_LENGTH }))
      .refine((s) => !CONTROL.test(s), t('translations:rules.control', { label }));
  const key = t('translations:fields.key');
  return z.object({
    type: z
      .enum(['', ...TRANSLATION_TYPES] as ['', ...TranslationType[]])
      .refine((v) => v !== '', t('validation:required', { label: t('translations:fields.type') })),
    key: z
      .string()
      .trim()
      .min(1, t('validation:required', { label: key }))
      .max(KEY_MAX_LENGTH, t('validation:maxLength', { label: key, max: KEY_MAX_LENGTH }))
      .regex(PRINTABLE, t('translations:rules.keyCharacters', { label: key })),
    defaultValue: text(t('translations:fields.defaultValue'), true),
    texts: z.object(
      Object.fromEntries(LANGUAGE_CODES.map((code) => [code, text(t(`translations:languages.${code}`), false)])) as Record<
        LanguageCode,
        ReturnType<typeof text>
      >,
    ),
  });
}

/**
 * The server's field names on the editor's fields: translations[i] is the
 * i-th language of the write (a repeated or unknown language code, or its
 * text), so each lands under its own language.
 */
export function serverFields(write: TranslationWrite) {
  const fields: FieldPath<TranslationValues>[] = ['type', 'key', 'defaultValue', ...LANGUAGE_CODES.map((c) => `texts.${c}` as const)];
  const fieldMap: Record<string, FieldPath<TranslationValues>> = {};
  write.translations.forEach((tr, i) => {
    fieldMap[`translations[${i}].text`] = `texts.${tr.languageCode}`;
    fieldMap[`translations[${i}].languageCode`] = `texts.${tr.languageCode}`;
  });
  return { fields, fieldMap };
}
