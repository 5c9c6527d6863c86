import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '@/lib/constants';
import { chooseLanguage } from '@/lib/i18n/chooseLanguage';
import { isSupportedLanguage } from '@/lib/language';

// Language names are written in their own language on purpose, so a user
// who cannot read the current one still finds theirs.
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  nl: 'Nederlands',
  fr: 'Français',
};

export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
  return (
    <Select
      size={size}
      w={140}
      aria-label={t('language')}
      data-testid="language-select"
      allowDeselect={false}
      value={current}
      data={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
      onChange={(value) => {
        if (isSupportedLanguage(value)) void chooseLanguage(value);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
