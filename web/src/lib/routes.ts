// Paths of the screens that exist, shared by the router, links and guards.
export const paths = {
  root: '/',
  login: '/login',
  twoFactor: '/2-factor-auth',
  resetLogin: '/reset-login',
  resetPassword: '/reset-password',
  setNewPassword: '/set-new-password',
  dashboard: '/dashboard',
  changePassword: '/change-password',
  help: '/help',
  notFound: '/404',
} as const;
