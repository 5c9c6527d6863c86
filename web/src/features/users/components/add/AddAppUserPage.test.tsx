import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddAppUserPage from './AddAppUserPage';

const groups = {
  content: [
    { ospId: 'g-all', data: { active: true, description: '', extId: 'ALL_ACME_USERS', name: 'ALL ACME USERS', corporateAccount: { ospId: 'ca-1' }, userCount: 4, isDefault: true } },
    { ospId: 'g-sales', data: { active: true, description: '', extId: 'Sales', name: 'Sales', corporateAccount: { ospId: 'ca-1' }, userCount: 1, isDefault: false } },
  ],
  totalElements: 2, totalPages: 1, page: 1, size: 1000,
};

function setup(onCreate: (call: Call) => Response = () => jsonResponse(200, { ospId: 'new-1' })) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/user/verifyLogin')) {
      const login = (call.body as { login: string }).login;
      return jsonResponse(200, login === 'jan.peeters' ? { valid: false, message: 'taken' } : { valid: true });
    }
    if (call.url.endsWith('/usergroup/findAll')) return jsonResponse(200, groups);
    if (call.url.endsWith('/user/mobile/create')) return onCreate(call);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      { path: '/manage/app-users/add', element: <AddAppUserPage /> },
      { path: '/manage/app-users/:userOspId/*', element: <div data-testid="page">detail</div> },
    ],
    '/manage/app-users/add',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function fillRequired(user: ReturnType<typeof userEvent.setup>, login = 'eva.example') {
  await user.type(field(/^First name/), 'Eva');
  await user.type(field(/^Last name/), 'Example');
  await user.type(field(/^E-mail/), 'eva@example.com');
  if (login) await user.type(field(/^Login/), login);
}

describe('AddAppUserPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the validation messages of step 1 and does not go on', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Login is required')).toBeInTheDocument();

    await user.type(field(/^E-mail/), 'not-an-email');
    await user.type(field(/^External id/), 'a.b');
    await user.type(field(/^Mobile phone/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The email format seems to be wrong')).toBeInTheDocument();
    expect(screen.getByText('External id may not contain dots or spaces')).toBeInTheDocument();
    expect(screen.getByText('Mobile phone is not a valid phone number')).toBeInTheDocument();
    expect(screen.queryByTestId('default-group')).toBeNull();
  });

  it('checks the login with the server while typing', async () => {
    const { user, calls } = setup();
    await user.type(field(/^Login/), 'jan.peeters');
    expect(await screen.findByText('The user name is already taken', {}, { timeout: 3000 })).toBeInTheDocument();
    const checks = calls.filter((c) => c.url.endsWith('/user/verifyLogin'));
    // Debounced: one call for the whole word, not one per keystroke.
    expect(checks).toHaveLength(1);
    expect(checks[0]!.body).toEqual({ login: 'jan.peeters' });

    await fillRequired(user, '');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByTestId('default-group')).toBeNull();
  });

  it('creates the user with the SPEC §3 payload and opens the detail', async () => {
    const { user, calls, router } = setup();
    await fillRequired(user);
    await user.type(field(/^Mobile phone/), '0470 12 34 56');
    await user.type(field(/^Employee number/), 'E-42');
    await user.type(field(/^External id/), 'EXT42');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByTestId('default-group')).toHaveTextContent('ALL ACME USERS');
    await user.click(screen.getByPlaceholderText('Choose groups'));
    await user.click(await screen.findByText('Sales'));
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/app-users/new-1'));
    const create = calls.find((c) => c.url.endsWith('/user/mobile/create'));
    expect(create!.body).toEqual({
      corporateAccount: { ospId: 'ca-1' },
      userBudgets: [],
      userData: expect.objectContaining({
        firstname: 'Eva',
        lastname: 'Example',
        email: 'eva@example.com',
        login: 'eva.example',
        msisdn: '+32470123456',
        language: 'nl',
        employeeNumber: 'E-42',
        extId: 'EXT42',
        workAddress: { streetName: '', number: '', zip: '', city: '' },
      }),
      userGroups: { userGroups: [{ ospId: 'g-sales' }] },
      mobibCardNumber: '',
      mobibChipId: '',
      mobibValidFrom: null,
      sendCredentials: true,
    });
  });

  it('puts the server\'s field errors next to the fields, back on step 1', async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: [
          { field: 'email', messages: ['E-mail must be unique'] },
          { field: 'workAddress.zip', messages: ['Postcode is too long'] },
        ],
      }),
    );
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('default-group');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('E-mail must be unique')).toBeInTheDocument();
    const work = screen.getByText('Work address').closest('fieldset')!;
    expect(within(work as HTMLElement).getByText('Postcode is too long')).toBeInTheDocument();
  });
});
