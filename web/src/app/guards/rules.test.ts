import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import {
  authDecision,
  canViewCompanyBudget,
  guestDecision,
  hasRole,
  isMspUser,
  selectionDecision,
} from './rules';

const company = makeUser();
const ospadmin = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null });
const msp = makeUser({ roles: ['user_manager'], isMsp: true, corporateAccount: null });
const artemis = makeUser({ partner: { ospId: 'p9', name: 'Artemis', partnerType: 'ARTEMIS' }, corporateAccount: null });
const invoiceManager = makeUser({ roles: ['invoice_manager'], corporateAccount: null });

describe('auth and guest guards', () => {
  it('sends signed-out users to login and signed-in users away from guest pages', () => {
    expect(authDecision(false)).toBe('login');
    expect(authDecision(true)).toBe('allow');
    expect(guestDecision(true)).toBe('dashboard');
    expect(guestDecision(false)).toBe('allow');
  });
});

describe('hasRole', () => {
  it('needs one of the roles', () => {
    expect(hasRole(company, ['user_manager', 'invoice_manager'])).toBe(true);
    expect(hasRole(company, ['reporting_manager'])).toBe(false);
    expect(hasRole(makeUser({ roles: [] }), ['user_manager'])).toBe(false);
  });

  it('always lets ospadmin pass', () => {
    expect(hasRole(ospadmin, ['reporting_manager'])).toBe(true);
    expect(hasRole(makeUser({ roles: ['ospadmin'] }), ['anything'])).toBe(true);
  });
});

describe('mspOnly', () => {
  it('passes MSP users and platform staff, not company users', () => {
    expect(isMspUser(msp)).toBe(true);
    expect(isMspUser(ospadmin)).toBe(true);
    expect(isMspUser(makeUser({ roles: ['ospadmin'], isMsp: false }))).toBe(true);
    expect(isMspUser(company)).toBe(false);
    expect(isMspUser(artemis)).toBe(false);
  });
});

describe('needSelectedCorporateAccount', () => {
  it('allows a selected company and sends users without one to the dashboard', () => {
    expect(selectionDecision(company, 'ca-1', null)).toEqual({ kind: 'allow' });
    expect(selectionDecision(company, null, null)).toEqual({ kind: 'dashboard' });
  });

  it('switches an MSP user to the company in the query parameter', () => {
    expect(selectionDecision(msp, 'ca-1', 'ca-2')).toEqual({ kind: 'switch', ospId: 'ca-2' });
    expect(selectionDecision(msp, null, 'ca-2')).toEqual({ kind: 'switch', ospId: 'ca-2' });
  });

  it('adds the query parameter for MSP users', () => {
    expect(selectionDecision(msp, 'ca-1', null)).toEqual({ kind: 'addQuery', ospId: 'ca-1' });
    expect(selectionDecision(msp, 'ca-1', 'ca-1')).toEqual({ kind: 'allow' });
  });

  it('ignores the query parameter for company users', () => {
    expect(selectionDecision(company, 'ca-1', 'ca-2')).toEqual({ kind: 'allow' });
    expect(selectionDecision(company, null, 'ca-2')).toEqual({ kind: 'dashboard' });
  });
});

describe('needSelectedCorporateAccountOrAdmin', () => {
  const orAdmin = { allowAdminWithoutSelection: true };

  it('lets ospadmin and ARTEMIS partner users pass without a selection', () => {
    expect(selectionDecision(ospadmin, null, null, orAdmin)).toEqual({ kind: 'allow' });
    expect(selectionDecision(artemis, null, null, orAdmin)).toEqual({ kind: 'allow' });
    expect(selectionDecision(company, null, null, orAdmin)).toEqual({ kind: 'dashboard' });
    expect(selectionDecision(ospadmin, null, null)).toEqual({ kind: 'dashboard' });
  });

  it('lets an invoice manager pass on the invoices route only', () => {
    expect(
      selectionDecision(invoiceManager, null, null, { ...orAdmin, allowInvoiceManagerWithoutSelection: true }),
    ).toEqual({ kind: 'allow' });
    expect(selectionDecision(invoiceManager, null, null, orAdmin)).toEqual({ kind: 'dashboard' });
  });
});

describe('canViewCompanyBudget', () => {
  it('allows ospadmin, prepaid companies and ARTEMIS partner users', () => {
    expect(canViewCompanyBudget(ospadmin, null)).toBe(true);
    expect(canViewCompanyBudget(company, { paymentType: 'PREPAID' })).toBe(true);
    expect(canViewCompanyBudget(artemis, { paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT' })).toBe(true);
  });

  it('refuses postpaid companies and missing companies', () => {
    expect(canViewCompanyBudget(company, { paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT' })).toBe(false);
    expect(canViewCompanyBudget(company, null)).toBe(false);
  });
});
