import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { canViewCompanyBudget } from './rules';

/** canViewCompanyBudget guard: otherwise the page does not exist (404). */
export function RequireCompanyBudgetAccess({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const { account, isLoading } = useSelectedCorporateAccount();
  if (isLoading) return <PageLoader />;
  if (!user || !canViewCompanyBudget(user, account)) return <NotFoundPage />;
  return <>{children}</>;
}
