import { BrandingEditor } from '@/components/branding/BrandingEditor';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { isPlatformAdmin } from './access';

/** company/settings/branding (platform admin): the company's own colours and images, or its partner's. */
export default function BrandingSettingsTab() {
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  if (user && !isPlatformAdmin(user)) return <NotFoundPage />;
  if (!ospId) return <PageLoader />;
  return <BrandingEditor key={ospId} ownerOspId={ospId} ownerKind="CORPORATE_ACCOUNT" />;
}
