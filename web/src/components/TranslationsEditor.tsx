import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

/**
 * The languages a translated label may carry (SPEC §5: "up to four
 * languages, each used once"); the interface itself speaks en, nl and fr, a
 * label also de.
 */
export const TRANSLATION_LANGUAGES = ['en', 'nl', 'fr', 'de'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export interface TranslationEntry {
  languageCode: TranslationLanguage;
  text: string;
  /** Only used when the editor has withHtml. */
  html?: string;
}

/** A translated label as the editor edits it; callers map it to their API type. */
export interface TranslatedLabel {
  defaultValue: string;
  /** Only used when the editor has withHtml. */
  defaultValueHtml?: string;
  translations: TranslationEntry[];
}

type Message = { message?: string } | undefined;
/** The shape react-hook-form gives for a TranslatedLabel field (formState.errors.<name>), or built by hand. */
export interface TranslationsEditorErrors {
  defaultValue?: Message;
  defaultValueHtml?: Message;
  /** A message on the list itself sits on the list or, for react-hook-form field arrays, on its root. */
  translations?: { message?: string; root?: Message; [index: number]: { text?: Message; html?: Message } | undefined };
}

export const emptyTranslatedLabel = (): TranslatedLabel => ({ defaultValue: '', defaultValueHtml: '', translations: [] });

/** The languages not yet used, in the fixed order en, nl, fr, de. */
export function unusedLanguages(translations: readonly TranslationEntry[]): TranslationLanguage[] {
  const used = new Set(translations.map((tr) => tr.languageCode));
  return TRANSLATION_LANGUAGES.filter((lang) => !used.has(lang));
}

export interface TranslatedLabelRuleOptions {
  /** Longest defaultValue or translation text (the server's limit). */
  maxLength: number;
  /** Longest HTML variant; HTML fields are checked only when given. */
  htmlMaxLength?: number;
}

/**
 * The form rule for a TranslatedLabel: a default value is required, every
 * added translation needs its text, lengths stay within the server's limits
 * and a language is used at most once (the editor already prevents that; the
 * rule guards values that come from elsewhere).
 */
export function translatedLabelRule(t: TFunction, label: string, { maxLength, htmlMaxLength }: TranslatedLabelRuleOptions) {
  const textRule = (fieldLabel: string) =>
    z
      .string()
      .trim()
      .min(1, t('validation:required', { label: fieldLabel }))
      .max(maxLength, t('validation:maxLength', { label: fieldLabel, max: maxLength }));
  const htmlRule = (fieldLabel: string) =>
    z
      .string()
      .max(htmlMaxLength ?? Number.MAX_SAFE_INTEGER, t('validation:maxLength', { label: fieldLabel, max: htmlMaxLength }))
      .optional();
  return z.object({
    defaultValue: textRule(label),
    defaultValueHtml: htmlRule(t('common:translationsEditor.defaultValueHtml')),
    translations: z
      .array(
        z.object({
          languageCode: z.enum(TRANSLATION_LANGUAGES),
          text: textRule(t('common:translationsEditor.text')),
          html: htmlRule(t('common:translationsEditor.html')),
        }),
      )
      .max(TRANSLATION_LANGUAGES.length)
      .refine(
        (list) => new Set(list.map((tr) => tr.languageCode)).size === list.length,
        t('common:translationsEditor.languageTwice'),
      ),
  });
}

interface Props {
  /** The fieldset's legend: what the label names ("Label", "Name"). */
  label: string;
  value: TranslatedLabel;
  onChange: (value: TranslatedLabel) => void;
  /** Also edit an HTML variant of the default value and of each translation (plain textareas; the server sanitises). */
  withHtml?: boolean;
  errors?: TranslationsEditorErrors;
  /** The server's limits, so typing stops where the server would refuse. */
  maxLength?: number;
  htmlMaxLength?: number;
  disabled?: boolean;
  /** Prefix of the data-testid of every part (default "translations"). */
  testId?: string;
}

/**
 * Edits a default value plus translations in en, nl, fr and de, each
 * language at most once: every language select and the add button offer
 * only the languages not used yet.
 */
export function TranslationsEditor({
  label,
  value,
  onChange,
  withHtml = false,
  errors,
  maxLength,
  htmlMaxLength,
  disabled = false,
  testId = 'translations',
}: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const languageName = (lang: TranslationLanguage) => t(`common:translationsEditor.languages.${lang}`);
  const unused = unusedLanguages(value.translations);
  const listError = errors?.translations?.message ?? errors?.translations?.root?.message;

  const setTranslation = (index: number, patch: Partial<TranslationEntry>) =>
    onChange({ ...value, translations: value.translations.map((tr, i) => (i === index ? { ...tr, ...patch } : tr)) });
  const remove = (index: number) => onChange({ ...value, translations: value.translations.filter((_, i) => i !== index) });
  const add = () => {
    const next = unused[0];
    if (!next) return;
    onChange({ ...value, translations: [...value.translations, { languageCode: next, text: '', ...(withHtml ? { html: '' } : {}) }] });
  };

  return (
    <Fieldset legend={label} disabled={disabled} data-testid={testId}>
      <Stack gap="sm">
        <TextInput
          label={t('common:translationsEditor.defaultValue')}
          description={t('common:translationsEditor.defaultValueHelp')}
          withAsterisk
          value={value.defaultValue}
          onChange={(e) => onChange({ ...value, defaultValue: e.currentTarget.value })}
          maxLength={maxLength}
          error={errors?.defaultValue?.message}
          data-testid={`${testId}-default`}
        />
        {withHtml && (
          <Textarea
            label={t('common:translationsEditor.defaultValueHtml')}
            description={t('common:translationsEditor.htmlHelp')}
            rows={3}
            value={value.defaultValueHtml ?? ''}
            onChange={(e) => onChange({ ...value, defaultValueHtml: e.currentTarget.value })}
            maxLength={htmlMaxLength}
            error={errors?.defaultValueHtml?.message}
            data-testid={`${testId}-default-html`}
          />
        )}

        <Text fw={500} size="sm" id={headingId}>
          {t('common:translationsEditor.translations')}
        </Text>
        {value.translations.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('common:translationsEditor.none')}
          </Text>
        )}
        <Stack gap="sm" role="list" aria-labelledby={headingId}>
          {value.translations.map((tr, index) => {
            const name = languageName(tr.languageCode);
            const rowErrors = errors?.translations?.[index];
            return (
              <Stack
                key={index}
                gap="xs"
                role="listitem"
                aria-label={name}
                data-testid={`${testId}-row-${tr.languageCode}`}
              >
                <Group align="flex-end" gap="sm" wrap="nowrap">
                  <Select
                    label={t('common:translationsEditor.language')}
                    w={160}
                    allowDeselect={false}
                    value={tr.languageCode}
                    data={[tr.languageCode, ...unused].map((lang) => ({ value: lang, label: languageName(lang) }))}
                    onChange={(next) => {
                      if (next && next !== tr.languageCode) setTranslation(index, { languageCode: next as TranslationLanguage });
                    }}
                    comboboxProps={{ withinPortal: true }}
                    data-testid={`${testId}-language-${tr.languageCode}`}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('common:translationsEditor.textIn', { language: name })}
                    withAsterisk
                    value={tr.text}
                    onChange={(e) => setTranslation(index, { text: e.currentTarget.value })}
                    maxLength={maxLength}
                    error={rowErrors?.text?.message}
                    data-testid={`${testId}-text-${tr.languageCode}`}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={rowErrors?.text?.message ? 22 : 2}
                    aria-label={t('common:translationsEditor.remove', { language: name })}
                    onClick={() => remove(index)}
                    data-testid={`${testId}-remove-${tr.languageCode}`}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                {withHtml && (
                  <Textarea
                    label={t('common:translationsEditor.htmlIn', { language: name })}
                    rows={3}
                    value={tr.html ?? ''}
                    onChange={(e) => setTranslation(index, { html: e.currentTarget.value })}
                    maxLength={htmlMaxLength}
                    error={rowErrors?.html?.message}
                    data-testid={`${testId}-html-${tr.languageCode}`}
                  />
                )}
              </Stack>
            );
          })}
        </Stack>
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={disabled || unused.length === 0}
            data-testid={`${testId}-add`}
          >
            {unused[0]
              ? t('common:translationsEditor.add', { language: languageName(unused[0]) })
              : t('common:translationsEditor.allUsed')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
