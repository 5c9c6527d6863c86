import { NavLink, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { SessionUser } from '@/lib/api/types';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { isMspUser } from '../guards/rules';
import { sidebarGroups, type MenuEntry, type MenuGroup } from './menu';

function Heading({ id, children, testId }: { id: string; children: string; testId?: string }) {
  return (
    <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" py="xs" data-testid={testId} truncate="end">
      {children}
    </Text>
  );
}

function Entries({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation('layout');
  const location = useLocation();
  return entries.map((entry, index) => {
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
  });
}

export function Sidebar({ user }: { user: SessionUser }) {
  const { t } = useTranslation('layout');
  const { account, isLoading } = useSelectedCorporateAccount();
  const msp = isMspUser(user);
  const groups = sidebarGroups(user, account);
  const baseId = useId();

  const headingOf = (group: MenuGroup): { text: string; testId?: string } => {
    if (group.kind === 'msp') return { text: t('menu.mspHeading') };
    if (!msp) return { text: t('menu.companyHeading') };
    // MSP users: the company the entries below work on.
    if (account) return { text: account.name, testId: 'sidebar-company-name' };
    return { text: isLoading ? t('companyLoading') : t('noCompanySelected'), testId: 'sidebar-company-name' };
  };

  return (
    <Stack gap="xs" p="sm" component="nav" aria-label={t('menu.label')} data-testid={msp ? 'sidebar-msp' : 'sidebar-company'}>
      {groups.map((group, index) => {
        const id = `${baseId}-${index}`;
        const heading = headingOf(group);
        return (
          <Stack key={group.kind} gap={2} role="group" aria-labelledby={id} data-testid={`sidebar-group-${group.kind}`}>
            <Heading id={id} testId={heading.testId}>
              {heading.text}
            </Heading>
            <Entries entries={group.entries} />
          </Stack>
        );
      })}
    </Stack>
  );
}
