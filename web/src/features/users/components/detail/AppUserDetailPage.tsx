import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routes';
import { UserDetailLayout } from './UserDetailLayout';
import { APP_USER_TABS } from './tabs';

/** manage/app-users/{userOspId}/… */
export default function AppUserDetailPage() {
  const { t } = useTranslation('users');
  return <UserDetailLayout tabs={APP_USER_TABS} backTo={paths.appUsers} backLabel={t('list.title')} />;
}
