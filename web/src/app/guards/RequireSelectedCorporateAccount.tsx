import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { paths } from '@/lib/routes';
import type { SelectionOptions } from './rules';
import { useSelectionUrlSync } from './useSelectionUrlSync';

/**
 * needSelectedCorporateAccount / needSelectedCorporateAccountOrAdmin
 * (pass allowAdminWithoutSelection, and for invoices allowInvoiceManagerWithoutSelection).
 */
export function RequireSelectedCorporateAccount({
  children,
  ...options
}: SelectionOptions & { children: ReactNode }) {
  const decision = useSelectionUrlSync(options);
  if (!decision) return <PageLoader />;
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'dashboard':
      return <Navigate to={paths.dashboard} replace />;
    default:
      // Switching company or adding the query parameter: one render away.
      return <PageLoader />;
  }
}
