import { useMutation } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { LoginResponse, TokenResponse, TwoFactorChallenge } from '@/lib/api/types';

// The sign-in pages show these themselves, next to the form.
const HANDLED_BY_FORM = [
  ErrorLabel.WRONG_CREDENTIALS,
  ErrorLabel.TOKEN_NOT_FOUND,
  ErrorLabel.INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE,
];

export function login(body: Body<'/user-service/v1/auth/login'>) {
  return api.post('/user-service/v1/auth/login', {
    body,
    auth: false,
    ignoreErrors: HANDLED_BY_FORM,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function isTokenResponse(response: LoginResponse | undefined): response is TokenResponse {
  return Boolean(response && 'token' in response && response.token);
}

export function isTwoFactorChallenge(response: LoginResponse | undefined): response is TwoFactorChallenge {
  return Boolean(response && 'twoFactorRequired' in response && response.twoFactorRequired);
}
