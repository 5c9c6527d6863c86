import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CorporateAccountSelector } from '@/features/corporate-account/components/CorporateAccountSelector';
import { ReportingPage } from '@/features/reporting/components/ReportingPage';
import { useCurrentUser } from '@/lib/session/currentUser';
import { corporateAccountQueryOptions, useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { isMspUser } from '../guards/rules';

/**
 * The reporting screen (SPEC §2): company users see their own company's
 * reports; MSP users and platform staff filter by company, starting from
 * the company selected on the dashboard (the filter does not change that
 * selection).
 */
export default function ReportingRoute() {
  const { data: user } = useCurrentUser();
  const selected = useSelectedCorporateAccount();
  const msp = Boolean(user && isMspUser(user));
  // undefined: not changed on this screen yet, so the dashboard's selection.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const companyOspId = msp ? (chosen === undefined ? selected.ospId : chosen) : (user?.corporateAccount?.ospId ?? null);
  const company = useQuery({ ...corporateAccountQueryOptions(companyOspId ?? ''), enabled: Boolean(msp && companyOspId) });

  if (!user) return null;
  return (
    <ReportingPage
      corporateAccountOspId={companyOspId}
      companyFilter={
        msp ? (
          <CorporateAccountSelector
            value={companyOspId ? { ospId: companyOspId, name: company.data?.name ?? '' } : null}
            onChange={setChosen}
            // The server limits MSP admins to their partner's companies.
            partnerOspId={null}
            companyType={null}
          />
        ) : undefined
      }
    />
  );
}
