import { ThemeIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Emoji keep the bundle free of an icon library; the label is the accessible name.
const ICONS: Record<string, { glyph: string; color: string }> = {
  mobile: { glyph: '📱', color: 'blue' },
  contact: { glyph: '✉', color: 'teal' },
  admin: { glyph: '⚙', color: 'orange' },
};

export function TypeIcon({ type }: { type: string }) {
  const { t } = useTranslation('users');
  const icon = ICONS[type] ?? ICONS.mobile!;
  const label = t(`types.${type}`, { defaultValue: type });
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color={icon.color} size="sm" aria-label={label} data-testid={`type-${type}`}>
        <span aria-hidden>{icon.glyph}</span>
      </ThemeIcon>
    </Tooltip>
  );
}
