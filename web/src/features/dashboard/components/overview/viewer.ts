import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import type { TileLinks } from './FigureTiles';
import type { TileViewer } from './rules';

// Who is looking at the overview, from the session user (the same rules as
// the route guards, SPEC §2 and §6: ospadmin passes every role check; MSP
// users are partner admins and platform staff). A feature does not import
// src/app, so the few checks it needs are spelled out here.

type ViewerUser = Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>;

const isOspAdmin = (user: ViewerUser) => user.isOspAdmin || user.roles.includes('ospadmin');
const hasRole = (user: ViewerUser, role: string) => isOspAdmin(user) || user.roles.includes(role);
export const isMsp = (user: ViewerUser) => user.isMsp || isOspAdmin(user);

export interface ViewedCompany {
  paymentType: string;
}

/** The tile rules' view of the user and the company the figures are about. */
export function tileViewer(
  user: ViewerUser,
  company: ViewedCompany | null,
  figures: { companyBudget: unknown } | undefined,
): TileViewer {
  return {
    msp: isMsp(user),
    reportingManager: hasRole(user, 'reporting_manager'),
    userManager: hasRole(user, 'user_manager'),
    prepaid: company?.paymentType === 'PREPAID',
    hasBudgetData: Boolean(figures?.companyBudget),
  };
}

/**
 * Where the tiles lead, for screens this user may open: the people and
 * transactions screens need user_manager (and a company, except the
 * transactions for platform staff and ARTEMIS partners), the company budget
 * canViewCompanyBudget,.
 */
export function tileLinks(user: ViewerUser, company: ViewedCompany | null): TileLinks {
  const admin = isOspAdmin(user);
  const artemis = user.partner?.partnerType === 'ARTEMIS';
  const people = hasRole(user, 'user_manager') && company !== null;
  const finance = hasRole(user, 'user_manager') && (company !== null || admin || artemis);
  const budget = (company !== null || admin || artemis) && (admin || company?.paymentType === 'PREPAID' || artemis);
  return {
    activeUsers: people ? paths.appUsers : null,
    negativeBudget: people ? `${paths.appUsers}?negative=true` : null,
    transactions: finance ? paths.allTransactions : null,
    companyBudget: budget ? paths.companyBudget : null,
    reporting: hasRole(user, 'reporting_manager') ? paths.reporting : null,
  };
}
