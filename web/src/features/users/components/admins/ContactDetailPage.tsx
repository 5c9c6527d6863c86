import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useUser } from '../../api/getUser';
import { UserHeader } from '../detail/UserHeader';
import { UserEditForm } from '../form/UserEditForm';

/** manage/admins/contact/{userOspId}: a contact's details and contact types. */
export default function ContactDetailPage() {
  const { t } = useTranslation('users');
  const { userOspId = '' } = useParams();
  const location = useLocation();
  const { data: viewer } = useCurrentUser();
  const query = useUser(userOspId);
  if (query.isPending || !viewer) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to={{ pathname: paths.admins, search: location.search }} size="sm">
        ← {t('admins.title')}
      </Anchor>
      <UserHeader user={query.data} viewer={viewer} />
      <UserEditForm key={query.data.ospId} user={query.data} />
    </Stack>
  );
}
