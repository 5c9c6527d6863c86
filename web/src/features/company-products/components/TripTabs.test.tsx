import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { notifyError, notifySuccess } from '@/lib/notify';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { TravelCompensation } from '../api/types';
import CompanyProductsPage from './CompanyProductsPage';
import HomeworkRegistrationTab from './HomeworkRegistrationTab';
import ProductsListTab from './ProductsListTab';
import TripRegistrationTab from './TripRegistrationTab';

vi.mock('@/lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const stored: TravelCompensation = {
  corporateAccountOspId: 'ca-1',
  commuteBikeEnabled: true,
  commuteCarEnabled: true,
  commuteWalkingEnabled: false,
  businessTripsEnabled: true,
  businessTripCarType: 'PRIVATE_CAR',
  businessTripBikeEnabled: false,
  homeWorkEnabled: true,
  homeWorkDailyAllowance: 150,
  carCommuteCompensationType: 'PER_TRIP',
  commuteBikeCompensationPerKm: 270000,
  commuteWalkingCompensationPerKm: 100000,
  commuteCarCompensationPerKm: 150000,
  commuteCarCompensationPerTrip: 420,
  commuteCarCompensationPerDay: 800,
  businessTripPrivateCarCompensationPerKm: 441500,
  businessTripCompanyCarCompensationPerKm: 50000,
  businessTripBikeCompensationPerKm: 350000,
  allowDistancesConfiguredByUser: true,
  payBikeAllowanceViaMobilityBudget: false,
};

const rates = [
  { ospId: 'r-0', kind: 'BIKE', rate: 200000, validFrom: '2000-01-01', validTo: '2001-12-31' },
  { ospId: 'r-1', kind: 'BIKE', rate: 350000, validFrom: '2002-01-01' },
  { ospId: 'r-2', kind: 'WALK', rate: 300000, validFrom: '2002-01-01' },
  { ospId: 'r-3', kind: 'BUSINESS_PRIVATE_CAR', rate: 441500, validFrom: '2002-01-01' },
];

type UpdateAnswer = (body: TravelCompensation) => Response;

function setup(path: string, { company = stored, update }: { company?: TravelCompensation | (() => TravelCompensation); update?: UpdateAnswer } = {}) {
  const { calls } = mockFetch(({ url, body }) => {
    if (url.endsWith('/travel/compensation/get')) return jsonResponse(200, typeof company === 'function' ? company() : company);
    if (url.endsWith('/travel/compensation/update')) return update ? update(body as TravelCompensation) : jsonResponse(200, body);
    if (url.endsWith('/travel/taxFreeRate/findAll')) return jsonResponse(200, rates);
    if (url.endsWith('/product/permission/view/findByCorporateAccount')) return jsonResponse(200, { corporateAccount: { ospId: 'ca-1' }, products: [] });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      {
        path: '/company/products',
        element: <CompanyProductsPage />,
        children: [
          { index: true, element: null },
          { path: 'list', element: <ProductsListTab /> },
          { path: 'homework-registration', element: <HomeworkRegistrationTab /> },
          { path: 'trip-registration', element: <TripRegistrationTab /> },
        ],
      },
    ],
    path,
    newQueryClient(makeUser()),
  );
  const updates = () => calls.filter((c) => c.url.endsWith('/travel/compensation/update')).map((c) => c.body as TravelCompensation);
  return { ...result, calls, updates, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const queryField = (name: string) => screen.queryByRole('textbox', { name });

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('company/products trip tabs', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    vi.mocked(notifySuccess).mockClear();
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the two trip tabs and the NMBS subscription after the list', async () => {
    setup('/company/products/list');
    await screen.findByRole('tab', { name: 'List' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['List', 'Home work', 'Trips', 'NMBS subscription']);
  });

  it('loads the company\'s trip configuration in euros, with the tax-free rates valid today', async () => {
    const { calls } = setup('/company/products/trip-registration');
    expect(await screen.findByRole('switch', { name: 'Compensate commuting by bike' })).toBeChecked();
    expect(calls.find((c) => c.url.endsWith('/travel/compensation/get'))!.body).toEqual({ corporateAccountOspId: 'ca-1' });
    expect(screen.getByRole('switch', { name: 'Compensate commuting on foot' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Compensate commuting by car' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Employees may enter their own distance' })).toBeChecked();
    expect(screen.getByText(/Within ±20 % of the distance/)).toBeInTheDocument();
    expect(field('Bike, per km')).toHaveValue('€ 0.27');
    // walking is off: its rate is not shown
    expect(queryField('On foot, per km')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Per trip' })).toBeChecked();
    expect(field('Car, per trip')).toHaveValue('€ 4.20');
    expect(screen.getByRole('radio', { name: 'Private car' })).toBeChecked();
    expect(field('Private car, per km')).toHaveValue('€ 0.4415');
    // the rate valid today (not the expired one) beside the bike's field, and no note: 0.27 is below it
    expect(await screen.findByText('Tax-free today: €0.35/km')).toBeInTheDocument();
    expect(screen.queryByTestId('field-commuteBikeCompensationPerKm-taxable')).toBeNull();
    // exactly the tax-free rate: nothing taxable
    expect(screen.queryByTestId('field-businessTripPrivateCarCompensationPerKm-taxable')).toBeNull();
  });

  it('says the part above the tax-free rate is taxable', async () => {
    const { user } = setup('/company/products/trip-registration');
    const bike = await screen.findByRole('textbox', { name: 'Bike, per km' });
    await screen.findByText('Tax-free today: €0.35/km');
    await retype(user, bike, '0.36');
    expect(screen.getByTestId('field-commuteBikeCompensationPerKm-taxable')).toHaveTextContent(
      'Above the tax-free rate: the part above €0.35/km is taxable for the employee.',
    );
    await retype(user, bike, '0.35');
    expect(screen.queryByTestId('field-commuteBikeCompensationPerKm-taxable')).toBeNull();
  });

  it('saves the whole object, converting euros to micro-euros and cents exactly', async () => {
    const { user, updates } = setup('/company/products/trip-registration');
    await retype(user, await screen.findByRole('textbox', { name: 'Bike, per km' }), '0.35');
    await retype(user, field('Car, per trip'), '2.60');
    await user.click(screen.getByRole('switch', { name: 'Compensate commuting on foot' }));
    await retype(user, field('On foot, per km'), '0.07');
    await user.click(screen.getByRole('switch', { name: 'Pay the bike allowance via the mobility budget' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toEqual({
      ...stored,
      commuteBikeCompensationPerKm: 350000,
      commuteCarCompensationPerTrip: 260,
      commuteWalkingEnabled: true,
      commuteWalkingCompensationPerKm: 70000,
      payBikeAllowanceViaMobilityBudget: true,
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('The trip settings were saved.'));
  });

  it('shows the amount field of the car\'s way of paying', async () => {
    const { user, updates } = setup('/company/products/trip-registration');
    await screen.findByRole('radio', { name: 'Per trip' });
    expect(queryField('Car, per km')).toBeNull();
    expect(queryField('Car, per day with a commute')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Per day' }));
    expect(field('Car, per day with a commute')).toHaveValue('€ 8.00');
    expect(queryField('Car, per trip')).toBeNull();
    expect(queryField('Car, per km')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Per km' }));
    expect(field('Car, per km')).toHaveValue('€ 0.15');
    expect(queryField('Car, per day with a commute')).toBeNull();
    await retype(user, field('Car, per km'), '0.4415');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({ carCommuteCompensationType: 'PER_KILOMETER', commuteCarCompensationPerKm: 441500, commuteCarCompensationPerTrip: 420 });
  });

  it('lets business trips use one car type only', async () => {
    const { user, updates } = setup('/company/products/trip-registration');
    const group = await screen.findByRole('radiogroup', { name: 'Car for business trips' });
    // one radio group: the browser itself lets one of them be chosen
    expect(new Set(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    await user.click(within(group).getByRole('radio', { name: 'Company car' }));
    expect(within(group).getByRole('radio', { name: 'Company car' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Private car' })).not.toBeChecked();
    expect(within(group).getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    expect(queryField('Private car, per km')).toBeNull();
    await retype(user, field('Company car, per km'), '0.2');
    await user.click(screen.getByRole('switch', { name: 'Compensate business trips by bike' }));
    await retype(user, field('Bike (business trips), per km'), '0.35');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({
      businessTripCarType: 'COMPANY_CAR',
      businessTripCompanyCarCompensationPerKm: 200000,
      businessTripPrivateCarCompensationPerKm: 441500,
      businessTripBikeEnabled: true,
      businessTripBikeCompensationPerKm: 350000,
    });

    // the saved answer renders the form again
    const again = await screen.findByRole('radiogroup', { name: 'Car for business trips' });
    expect(within(again).getByRole('radio', { name: 'Company car' })).toBeChecked();
    await user.click(within(again).getByRole('radio', { name: 'No car' }));
    expect(queryField('Company car, per km')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]!.businessTripCarType).toBe('');
  });

  it('sends no car and no bike when business trips are switched off', async () => {
    const { user, updates } = setup('/company/products/trip-registration');
    await user.click(await screen.findByRole('switch', { name: 'Compensate business trips' }));
    expect(screen.queryByRole('radiogroup', { name: 'Car for business trips' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({ businessTripsEnabled: false, businessTripCarType: '', businessTripBikeEnabled: false, businessTripPrivateCarCompensationPerKm: 441500 });
  });

  it('checks the shown amounts before sending', async () => {
    const { user, updates } = setup('/company/products/trip-registration');
    await retype(user, await screen.findByRole('textbox', { name: 'Bike, per km' }), '12');
    await user.clear(field('Car, per trip'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bike, per km must be between 0 and 10')).toBeInTheDocument();
    expect(screen.getByText('Car, per trip is required')).toBeInTheDocument();
    expect(updates()).toHaveLength(0);
  });

  it('puts the server\'s field error on its field', async () => {
    const { user, updates } = setup('/company/products/trip-registration', {
      update: () =>
        jsonResponse(400, {
          errorLabel: 'VALIDATION_FAILED',
          message: 'invalid',
          errors: [{ field: 'businessTripPrivateCarCompensationPerKm', messages: ['Private car, per km: the rate must lie between 0 and 10 EUR/km'] }],
        }),
    });
    await screen.findByRole('textbox', { name: 'Private car, per km' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    const message = await screen.findByText('Private car, per km: the rate must lie between 0 and 10 EUR/km');
    expect(field('Private car, per km')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Private car, per km').getAttribute('aria-describedby')).toContain(message.id);
    expect(notifyError).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('tells a server error of a field not on screen in a notification', async () => {
    const { user } = setup('/company/products/trip-registration', {
      update: () =>
        jsonResponse(400, { errorLabel: 'VALIDATION_FAILED', message: 'invalid', errors: [{ field: 'commuteWalkingCompensationPerKm', messages: ['Walking rate too high'] }] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Walking rate too high'));
  });

  it('switches home work on and saves its daily allowance in cents, keeping the rest', async () => {
    const { user, updates } = setup('/company/products/homework-registration', { company: { ...stored, homeWorkEnabled: false, homeWorkDailyAllowance: 0 } });
    const toggle = await screen.findByRole('switch', { name: 'Compensate home work' });
    expect(toggle).not.toBeChecked();
    expect(queryField('Allowance per home-work day')).toBeNull();
    await user.click(toggle);
    await retype(user, field('Allowance per home-work day'), '2.60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toEqual({ ...stored, homeWorkEnabled: true, homeWorkDailyAllowance: 260 });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
  });

  it('switches home work off', async () => {
    const { user, updates } = setup('/company/products/homework-registration');
    expect(await screen.findByRole('textbox', { name: 'Allowance per home-work day' })).toHaveValue('€ 1.50');
    await user.click(screen.getByRole('switch', { name: 'Compensate home work' }));
    expect(queryField('Allowance per home-work day')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toEqual({ ...stored, homeWorkEnabled: false });
  });

  it('puts the server\'s error on the daily allowance', async () => {
    const { user } = setup('/company/products/homework-registration', {
      update: () =>
        jsonResponse(400, {
          errorLabel: 'VALIDATION_FAILED',
          message: 'invalid',
          errors: [{ field: 'homeWorkDailyAllowance', messages: ['homeWorkDailyAllowance must lie between €0.00 and €1,000.00'] }],
        }),
    });
    await screen.findByRole('textbox', { name: 'Allowance per home-work day' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('homeWorkDailyAllowance must lie between €0.00 and €1,000.00')).toBeInTheDocument();
    expect(field('Allowance per home-work day')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads the configuration again before saving, so values saved meanwhile (the other tab, another admin) are kept', async () => {
    let company = stored;
    const { user, updates, calls } = setup('/company/products/homework-registration', { company: () => company });
    await screen.findByRole('switch', { name: 'Compensate home work' });
    company = { ...stored, commuteBikeCompensationPerKm: 123456, businessTripCarType: 'COMPANY_CAR' };
    await user.click(screen.getByRole('switch', { name: 'Compensate home work' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(calls.filter((c) => c.url.endsWith('/travel/compensation/get'))).toHaveLength(2);
    expect(updates()[0]).toEqual({ ...company, homeWorkEnabled: false });
  });
});

describe('the error labels travel/compensation/update can answer', () => {
  // VALIDATION_FAILED (its field messages come translated), the company's
  // NOT_FOUND, the role check's FORBIDDEN, and what any call can answer.
  const labels = ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED', 'BAD_REQUEST', 'BODY_TOO_LARGE', 'INTERNAL_ERROR'];
  it.each(['nl', 'en', 'fr'])('are translated in %s', (language) => {
    const errors = JSON.parse(readFileSync(join(process.cwd(), 'src/locales', language, 'errors.json'), 'utf8')) as Record<string, string>;
    for (const label of labels) expect(errors[label], `${language}:${label}`).toBeTruthy();
  });
});
