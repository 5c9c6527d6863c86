import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddPartnerPage from './AddPartnerPage';

const created = {
  ospId: 'p-new',
  name: 'GreenRide',
  extId: 'GREENRIDE',
  partnerType: 'MSP',
  active: true,
  street: '',
  streetNumber: '',
  zipCode: '',
  city: '',
  country: 'BE',
  vatNumber: '',
  email: '',
  sendInvoices: true,
  selfBilling: false,
  selectedBudgetTypes: ['MOBILITY_BUDGET'],
};

function setup(onCreate: (call: Call) => Response = () => jsonResponse(200, created)) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/partner/create')) return onCreate(call);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      { path: '/partners/add', element: <AddPartnerPage /> },
      { path: '/partners/:partnerOspId/*', element: <div data-testid="page">detail</div> },
    ],
    '/partners/add',
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true })),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const field = (label: RegExp) => screen.getByLabelText(label);

/** Pasting instead of typing key by key keeps the tests quick on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** The wizard's tests walk three steps of a Mantine form: slow on a loaded machine. */
const SLOW = { timeout: 20_000 };

async function chooseType(user: ReturnType<typeof userEvent.setup>, type: string) {
  await user.click(screen.getByTestId('partner-type'));
  await user.click(await screen.findByRole('option', { name: type, hidden: true }));
}

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, field(/^Name/), 'GreenRide');
  await chooseType(user, 'MSP');
  await fill(user, field(/^External id/), 'GREENRIDE');
  await fill(user, field(/^VAT number/), 'BE0123456749');
  await fill(user, field(/^E-mail/), 'billing@greenride.test');
  await fill(user, field(/^Street/), 'Kerkstraat');
  await fill(user, field(/^Number/), '1');
  await fill(user, field(/^Postal code/), '9000');
  await fill(user, field(/^City/), 'Gent');
}

const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Next' }));

describe('AddPartnerPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks step 1 before going on', SLOW, async () => {
    const { user, calls } = setup();
    await next(user);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Partner type is required')).toBeInTheDocument();
    expect(screen.getByText('External id is required')).toBeInTheDocument();

    await fill(user, field(/^External id/), 'green ride');
    await fill(user, field(/^E-mail/), 'not-an-email');
    await next(user);
    expect(await screen.findByText('External id may not contain dots or spaces')).toBeInTheDocument();
    expect(screen.getByText('The email format seems to be wrong')).toBeInTheDocument();
    // Still on step 1: the billing switches are not shown.
    expect(screen.queryByRole('switch', { name: /Send invoices/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('creates the partner from the three steps and opens it', SLOW, async () => {
    const { user, calls, router } = setup();
    await fillIdentity(user);
    await next(user);

    await user.click(await screen.findByRole('switch', { name: /Send invoices/ }));
    await next(user);

    const types = await screen.findByRole('group', { name: /Budget types/ });
    await user.click(within(types).getByRole('checkbox', { name: 'Mobility budget' }));
    await user.click(within(types).getByRole('checkbox', { name: 'Commuting budget' }));
    await user.click(screen.getByRole('button', { name: 'Create partner' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/partners/p-new/details'));
    const create = calls.find((c) => c.url.endsWith('/partner/create'));
    expect(create!.body).toEqual({
      partnerData: {
        name: 'GreenRide',
        extId: 'GREENRIDE',
        partnerType: 'MSP',
        street: 'Kerkstraat',
        streetNumber: '1',
        zipCode: '9000',
        city: 'Gent',
        country: 'BE',
        vatNumber: 'BE0123456749',
        email: 'billing@greenride.test',
        sendInvoices: true,
        selfBilling: false,
      },
      selectedBudgetTypes: ['MOBILITY_BUDGET', 'COMMUTING_BUDGET'],
    });
  });

  it('shows the server 400 on the field it names and goes back to its step', SLOW, async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'Some fields are invalid',
        errors: [
          { field: 'partnerData.vatNumber', messages: ['VAT number is not valid'] },
          { field: 'extId', messages: ['External id must be unique'] },
        ],
      }),
    );
    await fillIdentity(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Create partner' }));

    expect(await screen.findByText('VAT number is not valid')).toBeInTheDocument();
    expect(screen.getByText('External id must be unique')).toBeInTheDocument();
    // Back on step 1, where those fields are.
    expect(field(/^VAT number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
