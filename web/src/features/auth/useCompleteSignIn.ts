import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TokenResponse } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { clearPendingLogin } from './pendingLogin';

/**
 * Tokens received: drop anything cached from an earlier session and store
 * them. The guest guard then moves the user on to the remembered route (or
 * the dashboard), so there is exactly one redirect.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (tokens: TokenResponse) => {
      clearPendingLogin();
      queryClient.clear();
      setTokens({ token: tokens.token, refreshToken: tokens.refreshToken });
    },
    [queryClient],
  );
}
