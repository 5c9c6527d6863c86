import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrorMessage } from './errorMessage';
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

describe('fieldErrorMessage', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates a refusal that names the field (SPEC §8), in the current language', async () => {
    const error = new ApiError(409, 'PRODUCT_DEFAULT_IN_USE', 'x', [{ field: 'selectedProducts', messages: ['server text'] }]);
    expect(fieldErrorMessage(error, 'selectedProducts', i18n.t)).toBe('Product default must be removed for all employees first');
    await i18n.changeLanguage('nl');
    expect(fieldErrorMessage(error, 'selectedProducts', i18n.t)).toBe('Het product moet eerst bij alle werknemers als standaardproduct verwijderd worden');
    await i18n.changeLanguage('en');
    expect(fieldErrorMessage(error, 'selectedServiceResources', i18n.t)).toBeUndefined();
  });

  it("keeps the server's message for a plain validation failure or an unknown label", () => {
    const invalid = new ApiError(400, 'VALIDATION_FAILED', 'x', [{ field: 'selectedProducts', messages: ['At most 2000 items'] }]);
    expect(fieldErrorMessage(invalid, 'selectedProducts', i18n.t)).toBe('At most 2000 items');
    const unknown = new ApiError(400, 'SOMETHING_NEW', 'x', [{ field: 'selectedProducts', messages: ['Server says no'] }]);
    expect(fieldErrorMessage(unknown, 'selectedProducts', i18n.t)).toBe('Server says no');
    expect(fieldErrorMessage(new Error('x'), 'selectedProducts', i18n.t)).toBeUndefined();
  });
});
