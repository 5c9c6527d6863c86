import { Box, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { CorporateAccountSelector } from '@/features/corporate-account/components/CorporateAccountSelector';
import { Welcome } from '@/features/dashboard/components/Welcome';
import { CORPORATE_ACCOUNT_QUERY_PARAM } from '@/lib/constants';
import { useCurrentUser } from '@/lib/session/currentUser';
import {
  canSelectCorporateAccount,
  useSelectedCorporateAccount,
} from '@/lib/session/selectedCorporateAccount';
import { selectCorporateAccount } from '@/lib/session/selection';
import { useSelectionUrlSync } from '../guards/useSelectionUrlSync';

/** The dashboard page: composes the dashboard and corporate-account features. */
export default function DashboardRoute() {
  const { data: user } = useCurrentUser();
  const { ospId, account, isLoading } = useSelectedCorporateAccount();
  const [, setSearchParams] = useSearchParams();
  useSelectionUrlSync();

  if (!user) return null;
  const canSelect = canSelectCorporateAccount(user);

  const onSelect = (next: string | null) => {
    // Store and URL change together, so the URL sync sees them agree.
    selectCorporateAccount(next);
    if (user.isMsp) {
      setSearchParams(
        (params) => {
          if (next) params.set(CORPORATE_ACCOUNT_QUERY_PARAM, next);
          else params.delete(CORPORATE_ACCOUNT_QUERY_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };

  return (
    <Stack gap="xl">
      <Welcome fullName={user.fullName} company={account} companyLoading={isLoading} canSelect={canSelect} />
      {canSelect && (
        <Box id="corporate-account">
          <CorporateAccountSelector
            value={ospId && account ? { ospId, name: account.name } : null}
            onChange={onSelect}
          />
        </Box>
      )}
    </Stack>
  );
}
