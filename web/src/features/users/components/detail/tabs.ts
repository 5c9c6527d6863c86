import type { SessionUser, User } from '@/lib/api/types';

export interface UserTab {
  /** Route segment and i18n key (users:tabs.<path>). */
  path: string;
  visible?: (user: User, viewer: SessionUser) => boolean;
}

const isMobile = (user: User) => user.type === 'mobile';

/**
 * The app user's tabs in SPEC §2 order; the first visible tab is where
 * manage/app-users/{id} lands.
 */
export const APP_USER_TABS: UserTab[] = [
  { path: 'budgets', visible: isMobile },
  { path: 'expenses', visible: isMobile },
  { path: 'trip-configuration', visible: isMobile },
  { path: 'trip-registrations', visible: isMobile },
  { path: 'groups-roles', visible: isMobile },
  { path: 'detail' },
  { path: 'identification-fields', visible: isMobile },
  { path: 'roles', visible: (user) => user.type === 'admin' },
  { path: 'parking-history', visible: (user, viewer) => isMobile(user) && viewer.isOspAdmin },
];

/** manage/admins/{id}: the same pieces, fewer tabs. */
export const ADMIN_TABS: UserTab[] = [{ path: 'details' }, { path: 'roles' }];

export function visibleTabs(tabs: UserTab[], user: User, viewer: SessionUser): UserTab[] {
  return tabs.filter((tab) => !tab.visible || tab.visible(user, viewer));
}
