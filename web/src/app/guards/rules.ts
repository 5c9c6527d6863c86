import type { SessionUser } from '@/lib/api/types';

// The route guards of SPEC §2 as pure decisions; the components beside this
// file only turn a decision into a redirect or a page.

export type GuardUser = Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>;

export interface GuardCompany {
  paymentType: string;
}

export const OSPADMIN = 'ospadmin';

export function isOspAdmin(user: GuardUser): boolean {
  return user.isOspAdmin || user.roles.includes(OSPADMIN);
}

export function isArtemisPartner(user: GuardUser): boolean {
  return user.partner?.partnerType === 'ARTEMIS';
}

/**
 * mspOnly: partner admins of an MSP and platform staff. The server already
 * sets isMsp for ospadmin (SPEC §6); the second test only guards against a
 * session that says otherwise.
 */
export function isMspUser(user: GuardUser): boolean {
  return user.isMsp || isOspAdmin(user);
}

/** auth: without a token, go to /login and remember where the user was going. */
export function authDecision(hasToken: boolean): 'allow' | 'login' {
  return hasToken ? 'allow' : 'login';
}

/** guest: a signed-in user has no business on the sign-in pages. */
export function guestDecision(hasToken: boolean): 'allow' | 'dashboard' {
  return hasToken ? 'dashboard' : 'allow';
}

/** hasRole: one of the roles is needed; ospadmin always passes. */
export function hasRole(user: GuardUser, roles: readonly string[]): boolean {
  return isOspAdmin(user) || roles.some((role) => user.roles.includes(role));
}

export interface SelectionOptions {
  /** needSelectedCorporateAccountOrAdmin: ospadmin and ARTEMIS partner users pass without a selection. */
  allowAdminWithoutSelection?: boolean;
  /** On the invoices route an invoice_manager also passes without a selection. */
  allowInvoiceManagerWithoutSelection?: boolean;
}

export type SelectionDecision =
  | { kind: 'allow' }
  /** MSP user opened a link for another company: switch to it first. */
  | { kind: 'switch'; ospId: string }
  /** MSP user without the query parameter: add it so the URL can be shared. */
  | { kind: 'addQuery'; ospId: string }
  | { kind: 'dashboard' };

/**
 * needSelectedCorporateAccount(/OrAdmin): a corporate account must be
 * selected. Only MSP users switch companies through the URL.
 */
export function selectionDecision(
  user: GuardUser,
  selectedOspId: string | null,
  queryOspId: string | null,
  options: SelectionOptions = {},
): SelectionDecision {
  if (user.isMsp) {
    if (queryOspId && queryOspId !== selectedOspId) return { kind: 'switch', ospId: queryOspId };
    if (selectedOspId && !queryOspId) return { kind: 'addQuery', ospId: selectedOspId };
  }
  if (selectedOspId) return { kind: 'allow' };
  if (options.allowAdminWithoutSelection && (isOspAdmin(user) || isArtemisPartner(user))) {
    return { kind: 'allow' };
  }
  if (options.allowInvoiceManagerWithoutSelection && user.roles.includes('invoice_manager')) {
    return { kind: 'allow' };
  }
  return { kind: 'dashboard' };
}

/** canViewCompanyBudget: ospadmin, a prepaid company, or an ARTEMIS partner user. */
export function canViewCompanyBudget(user: GuardUser, company: GuardCompany | null): boolean {
  return isOspAdmin(user) || company?.paymentType === 'PREPAID' || isArtemisPartner(user);
}
