import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Address, User, UserData } from '@/lib/api/types';
import { DEFAULT_LANGUAGE, DEFAULT_PHONE_COUNTRY, type Language, type PhoneCountry } from '@/lib/constants';
import { fromE164, toE164 } from '@/lib/phone';
import { createRules } from '@/lib/validation';
import { phoneRefinement } from '@/lib/phoneValidation';

/**
 * Which person the personal-details form is for. App users have the full
 * SPEC §3 record (addresses, numbers, Mobib); admins and contacts only the
 * identity and contact fields.
 */
export type PersonVariant = 'mobile' | 'admin' | 'contact';

export interface AddressValues {
  streetName: string;
  number: string;
  zip: string;
  city: string;
}

export interface PersonalValues {
  firstname: string;
  lastname: string;
  email: string;
  login: string;
  msisdnCountry: PhoneCountry;
  msisdn: string;
  language: Language;
  birthdate: string;
  employeeNumber: string;
  contractId: string;
  extId: string;
  workAddress: AddressValues;
  homeAddress: AddressValues;
  desiredActivationDate: string;
  mobibCardNumber: string;
  twoFactor: boolean;
  sendCredentials: boolean;
}

const EMPTY_ADDRESS: AddressValues = { streetName: '', number: '', zip: '', city: '' };

export const EMPTY_PERSONAL: PersonalValues = {
  firstname: '',
  lastname: '',
  email: '',
  login: '',
  msisdnCountry: DEFAULT_PHONE_COUNTRY,
  msisdn: '',
  language: DEFAULT_LANGUAGE,
  birthdate: '',
  employeeNumber: '',
  contractId: '',
  extId: '',
  workAddress: EMPTY_ADDRESS,
  homeAddress: EMPTY_ADDRESS,
  desiredActivationDate: '',
  mobibCardNumber: '',
  twoFactor: false,
  // SPEC §3: new users get their credentials unless the admin says otherwise.
  sendCredentials: true,
};

/** The fields of step 1, in the order they are shown (the stepper validates these before moving on). */
export const PERSONAL_FIELDS = [
  'firstname', 'lastname', 'email', 'login', 'msisdnCountry', 'msisdn', 'language', 'birthdate',
  'employeeNumber', 'contractId', 'extId', 'workAddress', 'homeAddress', 'desiredActivationDate',
  'mobibCardNumber', 'twoFactor', 'sendCredentials',
] as const;

/** Form field names the server may name in errors[].field (nested as workAddress.zip). */
export const SERVER_FIELDS = [
  'firstname', 'lastname', 'email', 'login', 'msisdn', 'language', 'birthdate', 'employeeNumber', 'contractId',
  'extId', 'desiredActivationDate', 'mobibCardNumber',
  ...(['workAddress', 'homeAddress'] as const).flatMap((a) =>
    (['streetName', 'number', 'zip', 'city'] as const).map((f) => `${a}.${f}` as const),
  ),
] as const;

/** The zod schema of the personal details; labels come from the users namespace. */
export function personalSchema(t: TFunction) {
  const rules = createRules(t);
  const label = (field: string) => t(`users:fields.${field}`);
  const address = z.object({
    streetName: rules.optional(),
    number: rules.optional(),
    zip: rules.optional(),
    city: rules.optional(),
  });
  return z
    .object({
      firstname: rules.required(label('firstname')),
      lastname: rules.required(label('lastname')),
      email: rules.email(label('email')),
      login: rules.required(label('login')),
      msisdnCountry: z.enum(['BE', 'FR', 'DE', 'NL', 'UA']),
      msisdn: rules.phoneText(label('msisdn')),
      language: z.enum(['nl', 'en', 'fr']),
      birthdate: rules.notInFuture(label('birthdate')),
      employeeNumber: rules.optional(),
      contractId: rules.optional(),
      extId: rules.extId(label('extId')),
      workAddress: address,
      homeAddress: address,
      desiredActivationDate: z.string(),
      mobibCardNumber: rules.optional(),
      twoFactor: z.boolean(),
      sendCredentials: z.boolean(),
    })
    .superRefine(
      phoneRefinement<{ msisdn: string; msisdnCountry: PhoneCountry }>(
        t,
        label('msisdn'),
        (v) => ({ number: v.msisdn, country: v.msisdnCountry }),
        ['msisdn'],
      ),
    );
}

const trimAddress = (a: AddressValues): Address => ({
  streetName: a.streetName.trim(),
  number: a.number.trim(),
  zip: a.zip.trim(),
  city: a.city.trim(),
});

/**
 * The API's userData from the form. `base` keeps fields this form does not
 * show (an admin's birthdate, a user's planned deactivation) as they were.
 */
export function toUserData(values: PersonalValues, base?: UserData): UserData {
  return {
    ...(base ?? emptyUserData()),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    login: values.login.trim(),
    msisdn: toE164(values.msisdn, values.msisdnCountry),
    language: values.language,
    birthdate: values.birthdate,
    employeeNumber: values.employeeNumber.trim(),
    contractId: values.contractId.trim(),
    extId: values.extId.trim(),
    workAddress: trimAddress(values.workAddress),
    homeAddress: trimAddress(values.homeAddress),
    desiredActivationDate: values.desiredActivationDate,
    twoFactor: values.twoFactor,
  };
}

function emptyUserData(): UserData {
  return {
    firstname: '', lastname: '', email: '', login: '', msisdn: '', language: DEFAULT_LANGUAGE, birthdate: '',
    employeeNumber: '', contractId: '', extId: '', workAddress: { ...EMPTY_ADDRESS }, homeAddress: { ...EMPTY_ADDRESS },
    desiredActivationDate: '', desiredDeactivationDate: '', licensePlate: '', twoFactor: false,
  };
}

/** Form values for editing an existing user. */
export function fromUser(user: User): PersonalValues {
  const d = user.userData;
  const phone = fromE164(d.msisdn);
  return {
    ...EMPTY_PERSONAL,
    firstname: d.firstname,
    lastname: d.lastname,
    email: d.email,
    login: d.login,
    msisdnCountry: phone.country,
    msisdn: phone.number,
    language: d.language,
    birthdate: d.birthdate,
    employeeNumber: d.employeeNumber,
    contractId: d.contractId,
    extId: d.extId,
    workAddress: { ...EMPTY_ADDRESS, ...d.workAddress },
    homeAddress: { ...EMPTY_ADDRESS, ...d.homeAddress },
    desiredActivationDate: d.desiredActivationDate,
    mobibCardNumber: user.mobibCardNumber,
    twoFactor: d.twoFactor,
    sendCredentials: false,
  };
}
