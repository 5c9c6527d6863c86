import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconDeviceMobile, IconMail, IconSettings, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// SVG icons (emoji render as empty boxes where no emoji font is installed);
// the label is the accessible name.
const ICONS: Record<string, { glyph: Icon; color: string }> = {
  mobile: { glyph: IconDeviceMobile, color: 'blue' },
  contact: { glyph: IconMail, color: 'teal' },
  admin: { glyph: IconSettings, color: 'orange' },
};

export function TypeIcon({ type }: { type: string }) {
  const { t } = useTranslation('users');
  const icon = ICONS[type] ?? ICONS.mobile!;
  const label = t(`types.${type}`, { defaultValue: type });
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color={icon.color} size="sm" aria-label={label} data-testid={`type-${type}`}>
        <icon.glyph size={14} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
