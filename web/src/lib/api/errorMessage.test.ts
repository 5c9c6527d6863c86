import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessage';
import { ApiError, ChunkLoadError } from './errors';

describe('errorMessage', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates the errorLabel into the current language', async () => {
    const error = new ApiError(401, 'WRONG_CREDENTIALS', 'wrong');
    expect(errorMessage(error, i18n.t)).toBe('The login and password do not match');
    await i18n.changeLanguage('fr');
    expect(errorMessage(error, i18n.t)).toBe("L'identifiant et le mot de passe ne correspondent pas");
    await i18n.changeLanguage('en');
  });

  it('lists the first message of each field, one per line', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'invalid', [
      { field: 'login', messages: ['Login is required', 'second'] },
      { field: 'email', messages: ['The email format seems to be wrong'] },
    ]);
    expect(errorMessage(error, i18n.t)).toBe('Login is required\nThe email format seems to be wrong');
  });

  it('falls back to the server message, then a generic text', () => {
    expect(errorMessage(new ApiError(409, 'SOMETHING_NEW', 'Server says no'), i18n.t)).toBe('Server says no');
    expect(errorMessage(new ApiError(500, 'SOMETHING_NEW'), i18n.t)).toBe('Something went wrong. Try again.');
    expect(errorMessage(new Error('x'), i18n.t)).toBe('Something went wrong. Try again.');
    expect(errorMessage(new ChunkLoadError(), i18n.t)).toMatch(/could not be loaded/);
  });
});
