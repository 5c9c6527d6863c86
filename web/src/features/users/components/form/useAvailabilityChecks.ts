import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { VERIFY_DEBOUNCE_MS } from '@/lib/constants';
import { useVerifyContractId } from '../../api/verifyContractId';
import { useVerifyLogin } from '../../api/verifyLogin';

/**
 * Live checks while typing (SPEC §5): the login must be free, the contract
 * id acceptable for the company. Both wait 700 ms after the last keystroke.
 * The returned messages are null while unknown or fine.
 */
export function useLoginCheck(login: string, userOspId?: string) {
  const { t } = useTranslation('validation');
  const [debounced] = useDebouncedValue(login.trim(), VERIFY_DEBOUNCE_MS);
  const query = useVerifyLogin(debounced, userOspId);
  // A result for an older value must not mark the current one.
  const current = debounced === login.trim();
  const taken = current && query.data?.valid === false;
  return {
    checking: query.isFetching || (!current && login.trim().length > 0),
    error: taken ? t('loginTaken') : null,
  };
}

export function useContractIdCheck(contractId: string, corporateAccountOspId: string, userOspId?: string) {
  const { t } = useTranslation('validation');
  const [debounced] = useDebouncedValue(contractId.trim(), VERIFY_DEBOUNCE_MS);
  const query = useVerifyContractId(debounced, corporateAccountOspId, userOspId);
  const current = debounced === contractId.trim();
  const invalid = current && query.data?.valid === false;
  return {
    checking: query.isFetching,
    // The server explains why (already used, wrong format); its text is already translated.
    error: invalid ? query.data?.message || t('invalid', { label: t('users:fields.contractId') }) : null,
  };
}
