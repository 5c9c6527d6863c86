import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { signOut } from '@/lib/session/signOut';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('layout');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" data-testid="user-menu">
          {user.fullName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.changePassword}>
          {t('userMenu.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()} data-testid="sign-out">
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
