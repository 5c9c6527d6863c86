import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routes';
import { UserDetailLayout } from './UserDetailLayout';
import { ADMIN_TABS } from './tabs';

/** manage/admins/{userOspId}/details|roles: the app-user detail pieces with the admin's tabs. */
export default function AdminDetailPage() {
  const { t } = useTranslation('users');
  return <UserDetailLayout tabs={ADMIN_TABS} backTo={paths.admins} backLabel={t('admins.title')} />;
}
