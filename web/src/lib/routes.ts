import { CORPORATE_ACCOUNT_QUERY_PARAM } from './constants';

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
  appUsers: '/manage/app-users',
  addAppUser: '/manage/app-users/add',
  appUser: '/manage/app-users/:userOspId',
  importUsers: '/manage/import-users',
  importTripRegistrations: '/manage/import-trip-registrations',
  userGroups: '/manage/user-groups',
  addUserGroup: '/manage/user-groups/add',
  userGroup: '/manage/user-groups/:userGroupOspId',
  admins: '/manage/admins',
  addAdmin: '/manage/admins/add',
  addInvoicingContact: '/manage/admins/contact/add',
  addHrContact: '/manage/admins/hr/add',
  addBudgetContact: '/manage/admins/mobility/add',
  contact: '/manage/admins/contact/:userOspId',
  admin: '/manage/admins/:userOspId',
  userExpense: '/manage/app-users/:userOspId/expenses/:eventOspId',
  addBudget: '/budgets/add',
  addBudgetAmount: '/budgets/amount/add',
  budget: '/budgets/:budgetOspId',
  addExpense: '/expenses/add',
  recurringExpense: '/expenses/:recurrenceOspId',
  allTransactions: '/finance/all-transactions',
  transactionDetails: '/finance/transaction-details/:eventOspId',
  companyBudget: '/finance/company-budget',
  companyPrivateBudget: '/finance/company-private-budget',
  invoices: '/finance/invoices',
  selfBillingInvoices: '/finance/self-billing-invoices',
  companySettings: '/company/settings',
  companyProducts: '/company/products',
  /** SPEC §2 company/products upload-nmbs-invoice: NMBS and B-Parking invoices of the selected company. */
  nmbsInvoices: '/company/products/upload-nmbs-invoice',
  partners: '/partners',
  addPartner: '/partners/add',
  partner: '/partners/:partnerOspId',
  addLinkedPartner: '/partners/:partnerOspId/add-linked',
  companyDeactivation: '/company/settings/deactivation',
  companyDetails: '/company/details',
  corporateAccounts: '/corporate-accounts',
  addCorporateAccount: '/corporate-accounts/add',
  reporting: '/reporting',
  products: '/products',
  addProduct: '/products/add',
  product: '/products/:productOspId',
  addProductResourceGroup: '/products/:productOspId/composition/add-resourcegroup',
  addProductServiceResource: '/products/:productOspId/composition/add-service-resource',
  addProductRentalCar: '/products/:productOspId/composition/add-rental-car-resource',
  resources: '/resource-management',
  userFees: '/user-fee',
  userFeeTiers: '/user-fee/:type',
  templates: '/templates',
  addTemplate: '/templates/add',
  editTemplate: '/templates/edit',
  messageChannels: '/communication/message-channels',
  addMessageChannel: '/communication/message-channels/add',
  messageChannel: '/communication/message-channels/:channelOspId',
  sendMessage: '/communication/message/add',
  translations: '/translations',
  translationsOfType: '/translations/:type',
  providerUploads: '/uploads',
  providerUploadKind: '/uploads/:kind',
  voucherUploads: '/uploads/vouchers',
  cambioUploads: '/uploads/cambio',
  reconciliation: '/reconciliation',
  orders: '/orders',
  orderHandling: '/order-handling',
  pluginOrders: '/orders/plugin-service',
  handledPluginOrders: '/orders/handled-plugins',
} as const;

/**
 * Resource management's tabs (SPEC §2), in order. kind is the API's
 * {target} of the resources a tab lists (resource/{target}/…); resource
 * groups and labels are no kind of resource.
 */
export const RESOURCE_TABS = [
  { tab: 'services', kind: 'service' },
  { tab: 'transport', kind: 'transport' },
  { tab: 'parking', kind: 'parking' },
  { tab: 'bike', kind: 'bike' },
  { tab: 'car', kind: 'car' },
  { tab: 'rental', kind: 'rental' },
  { tab: 'resource-groups', kind: null },
  { tab: 'labels', kind: null },
  { tab: 'gas-station', kind: 'gasstation' },
] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number]['tab'];
/** The {createOrEdit} of a new resource, group or label; otherwise it is the ospId. */
export const CREATE_SEGMENT = 'create';

function withCompany(path: string, corporateAccountOspId?: string | null): string {
  if (!corporateAccountOspId) return path;
  return `${path}?${new URLSearchParams({ [CORPORATE_ACCOUNT_QUERY_PARAM]: corporateAccountOspId })}`;
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * The SPEC's named routes (§2). The corporateAccountOspId query lets an MSP
 * user's link switch to the user's company (needSelectedCorporateAccount).
 */
export const namedRoutes = {
  ManageAppUsers: () => paths.appUsers,
  Invoices: () => paths.invoices,
  AppUserDetailView: (userOspId: string, corporateAccountOspId?: string | null) =>
    withCompany(fill(paths.appUser, { userOspId }), corporateAccountOspId),
  ContactUserView: (userOspId: string, corporateAccountOspId?: string | null) =>
    withCompany(fill(paths.contact, { userOspId }), corporateAccountOspId),
  AdminUserViewDetails: (userOspId: string, corporateAccountOspId?: string | null) =>
    withCompany(`${fill(paths.admin, { userOspId })}/details`, corporateAccountOspId),
  UserGroupView: (userGroupOspId: string) => fill(paths.userGroup, { userGroupOspId }),
  UserGroupTab: (userGroupOspId: string, tab: string) => `${fill(paths.userGroup, { userGroupOspId })}/${tab}`,
  AppUserTab: (userOspId: string, tab: string) => `${fill(paths.appUser, { userOspId })}/${tab}`,
  UserExpense: (userOspId: string, eventOspId: string) => fill(paths.userExpense, { userOspId, eventOspId }),
  AddBudget: (userOspId: string) => `${paths.addBudget}?${new URLSearchParams({ userOspId })}`,
  AddBudgetAmount: (budgetOspId: string) => `${paths.addBudgetAmount}?${new URLSearchParams({ budgetOspId })}`,
  Budget: (budgetOspId: string) => fill(paths.budget, { budgetOspId }),
  AddExpense: (userOspId: string) => `${paths.addExpense}?${new URLSearchParams({ userOspId })}`,
  RecurringExpense: (recurrenceOspId: string) => fill(paths.recurringExpense, { recurrenceOspId }),
  TransactionDetails: (eventOspId: string) => fill(paths.transactionDetails, { eventOspId }),
  Partner: (partnerOspId: string, tab = 'details') => `${fill(paths.partner, { partnerOspId })}/${tab}`,
  AddLinkedPartner: (partnerOspId: string) => fill(paths.addLinkedPartner, { partnerOspId }),
  Product: (productOspId: string, tab: 'details' | 'composition' = 'details') => `${fill(paths.product, { productOspId })}/${tab}`,
  ImportUsers: (kind: 'create' | 'update') => `${paths.importUsers}?kind=${kind}`,
  /** The registrations import of the user's company, opened from (and back to) the user's trip-registrations tab. */
  ImportTripRegistrations: (userOspId: string) => `${paths.importTripRegistrations}?${new URLSearchParams({ userOspId })}`,
  /** company/details of a company: the query makes an MSP user's guard select it. */
  CompanyDetails: (corporateAccountOspId: string) => withCompany(paths.companyDetails, corporateAccountOspId),
  ResourceTab: (tab: ResourceTab) => `${paths.resources}/${tab}`,
  /** {tab}/{createOrEdit}: 'create', or the ospId of the one to edit. */
  ResourceEdit: (tab: ResourceTab, ospId?: string) =>
    `${paths.resources}/${tab}/${ospId ? encodeURIComponent(ospId) : CREATE_SEGMENT}`,
  /** user-fee/{type}: type partner or corporate-account, the assignee in the query. */
  UserFeeTiers: (type: string, assigneeOspId: string) =>
    `${fill(paths.userFeeTiers, { type })}?${new URLSearchParams({ assigneeOspId })}`,
  /** templates/edit: the template in the query. */
  EditTemplate: (ospId: string) => `${paths.editTemplate}?${new URLSearchParams({ ospId })}`,
  /** translations/{type}: type product-label, resource-label, app-text, server-message or mail-text. */
  TranslationsOfType: (type: string) => fill(paths.translationsOfType, { type }),
  /** A user's expenses tab; the company in the query makes platform staff's guard select it. */
  AppUserExpenses: (userOspId: string, corporateAccountOspId?: string | null) =>
    withCompany(`${fill(paths.appUser, { userOspId })}/expenses`, corporateAccountOspId),
};

/** Communication (SPEC §2): a channel's details, and message/add on a channel. */
export const messagingRoutes = {
  channel: (channelOspId: string) => fill(paths.messageChannel, { channelOspId }),
  sendOn: (channelOspId: string) => `${paths.sendMessage}?${new URLSearchParams({ channel: channelOspId })}`,
};
