import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CORPORATE_ACCOUNT_QUERY_PARAM } from '@/lib/constants';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { selectCorporateAccount } from '@/lib/session/selection';
import { selectionDecision, type SelectionDecision, type SelectionOptions } from './rules';

/**
 * Keeps an MSP user's company selection and the URL's corporateAccountOspId
 * in step (a shared link switches the company; a selection shows in the URL)
 * and returns the guard's decision for the current route.
 */
export function useSelectionUrlSync(options: SelectionOptions = {}): SelectionDecision | null {
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryOspId = searchParams.get(CORPORATE_ACCOUNT_QUERY_PARAM);

  const decision = user ? selectionDecision(user, ospId, queryOspId, options) : null;

  // Depend on the decision's content, not on its identity (new every render).
  const kind = decision?.kind;
  const targetOspId = decision && 'ospId' in decision ? decision.ospId : null;
  useEffect(() => {
    if (!targetOspId) return;
    if (kind === 'switch') {
      selectCorporateAccount(targetOspId);
    } else if (kind === 'addQuery') {
      setSearchParams(
        (params) => {
          params.set(CORPORATE_ACCOUNT_QUERY_PARAM, targetOspId);
          return params;
        },
        { replace: true },
      );
    }
  }, [kind, targetOspId, setSearchParams]);

  return decision;
}
