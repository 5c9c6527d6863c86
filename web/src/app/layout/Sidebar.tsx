import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { SessionUser } from '@/lib/api/types';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { visibleMenu } from './menu';

export function Sidebar({ user }: { user: SessionUser }) {
  const { t } = useTranslation('layout');
  const location = useLocation();
  const { account } = useSelectedCorporateAccount();
  const entries = visibleMenu(user, undefined, account);

  return (
    <Stack gap={2} p="sm" component="nav" aria-label={t('menu.label')} data-testid={user.isMsp ? 'sidebar-msp' : 'sidebar-company'}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" py="xs">
        {user.isMsp ? t('menu.mspHeading') : t('menu.companyHeading')}
      </Text>
      {entries.map((entry, index) => {
        const heading = entry.section && entries[index - 1]?.section !== entry.section;
        const [pathname, hash] = entry.to.split('#');
        // Entries that point into a page (#anchor) are never the "current" one;
        // a list's entry stays current on its detail and add pages.
        const active = !hash && (location.pathname === pathname || location.pathname.startsWith(`${pathname}/`));
        return (
          <Stack key={entry.key} gap={2}>
            {heading && (
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" pt="sm">
                {t(`menu.sections.${entry.section}`)}
              </Text>
            )}
          <NavLink
            component={Link}
            to={{ pathname, search: location.search, hash: hash ? `#${hash}` : '' }}
            label={t(entry.label)}
            active={active}
            data-testid={`menu-${entry.key}`}
          />
          </Stack>
        );
      })}
    </Stack>
  );
}
