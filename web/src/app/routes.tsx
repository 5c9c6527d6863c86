import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { paths, RESOURCE_TABS } from '@/lib/routes';
import { RequireMsp } from './guards/RequireMsp';
import { RequireRole } from './guards/RequireRole';
import { RequireCompanyBudgetAccess } from './guards/RequireCompanyBudgetAccess';
import { RequireSelectedCorporateAccount } from './guards/RequireSelectedCorporateAccount';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { GuestLayout, MainLayout } from './layout/lazyLayouts';
import { RootLayout } from './layout/RootLayout';
import { lazyPage } from './lazyPage';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteErrorPage } from './RouteErrorPage';

// One chunk per page keeps the first download small.
const LoginPage = lazyPage(() => import('@/features/auth/components/LoginPage'));
const TwoFactorPage = lazyPage(() => import('@/features/auth/components/TwoFactorPage'));
const ResetLoginPage = lazyPage(() => import('@/features/auth/components/ResetLoginPage'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/ResetPasswordPage'));
const SetNewPasswordPage = lazyPage(() => import('@/features/auth/components/SetNewPasswordPage'));
const ChangePasswordPage = lazyPage(() => import('@/features/auth/components/ChangePasswordPage'));
const HelpPage = lazyPage(() => import('@/features/help/components/HelpPage'));
const DashboardRoute = lazyPage(() => import('./routes/DashboardRoute'));
const AppUsersPage = lazyPage(() => import('@/features/users/components/list/AppUsersPage'));
const AddAppUserPage = lazyPage(() => import('./routes/AddAppUserRoute'));
const UserBudgetsTab = lazyPage(() => import('@/features/budgets/components/UserBudgetsTab'));
const UserExpensesTab = lazyPage(() => import('@/features/expenses/components/UserExpensesTab'));
const TripConfigurationTab = lazyPage(() => import('@/features/trips/components/TripConfigurationTab'));
const TripRegistrationsTab = lazyPage(() => import('@/features/trips/components/TripRegistrationsTab'));
const ImportTripRegistrationsPage = lazyPage(() => import('@/features/trips/components/ImportTripRegistrationsPage'));
const AddBudgetPage = lazyPage(() => import('@/features/budgets/components/AddBudgetPage'));
const AddAmountPage = lazyPage(() => import('@/features/budgets/components/AddAmountPage'));
const BudgetDetailPage = lazyPage(() => import('@/features/budgets/components/BudgetDetailPage'));
const AllTransactionsPage = lazyPage(() => import('@/features/budgets/components/AllTransactionsPage'));
const CompanyBudgetPage = lazyPage(() => import('@/features/budgets/components/CompanyBudgetPage'));
const CompanyPrivateBudgetPage = lazyPage(() => import('@/features/budgets/components/CompanyPrivateBudgetPage'));
const AddExpensePage = lazyPage(() => import('@/features/expenses/components/AddExpensePage'));
const ExpenseDetailPage = lazyPage(() => import('@/features/expenses/components/ExpenseDetailPage'));
const RecurringExpensePage = lazyPage(() => import('@/features/expenses/components/RecurringExpensePage'));
const CompanySettingsPage = lazyPage(() => import('@/features/company-settings/components/CompanySettingsPage'));
const BudgetsSettingsTab = lazyPage(() => import('@/features/company-settings/components/BudgetsSettingsTab'));
const DetailsSettingsTab = lazyPage(() => import('@/features/company-settings/components/DetailsSettingsTab'));
const MobileAppSettingsTab = lazyPage(() => import('@/features/company-settings/components/MobileAppSettingsTab'));
const AvailableProductsTab = lazyPage(() => import('@/features/company-settings/components/AvailableProductsTab'));
const BrandingSettingsTab = lazyPage(() => import('@/features/company-settings/components/BrandingSettingsTab'));
const ProviderPaymentsTab = lazyPage(() => import('@/features/provider-payments/components/ProviderPaymentsTab'));
const CompanyProductsPage = lazyPage(() => import('@/features/company-products/components/CompanyProductsPage'));
const CompanyProductsListTab = lazyPage(() => import('@/features/company-products/components/ProductsListTab'));
const HomeworkRegistrationTab = lazyPage(() => import('@/features/company-products/components/HomeworkRegistrationTab'));
const TripRegistrationTab = lazyPage(() => import('@/features/company-products/components/TripRegistrationTab'));
const NmbsSubscriptionTab = lazyPage(() => import('@/features/plugin-orders/components/NmbsSubscriptionTab'));
const CompanyDeactivationPage = lazyPage(() => import('@/features/company-deactivation/components/CompanyDeactivationPage'));
const AppUserDetailPage = lazyPage(() => import('@/features/users/components/detail/AppUserDetailPage'));
const AdminDetailPage = lazyPage(() => import('@/features/users/components/detail/AdminDetailPage'));
const UserDetailTab = lazyPage(() => import('@/features/users/components/detail/DetailTab'));
const IdentificationTab = lazyPage(() => import('@/features/users/components/detail/IdentificationTab'));
const GroupsRolesTab = lazyPage(() => import('@/features/users/components/detail/GroupsRolesTab'));
const RolesTab = lazyPage(() => import('@/features/users/components/detail/RolesTab'));
const ParkingHistoryTab = lazyPage(() => import('@/features/users/components/detail/ParkingHistoryTab'));
const ImportUsersPage = lazyPage(() => import('@/features/users/components/import/ImportUsersPage'));
const AdminsPage = lazyPage(() => import('@/features/users/components/admins/AdminsPage'));
const AddAdminPage = lazyPage(() => import('@/features/users/components/admins/AddAdminPage'));
const AddContactPage = lazyPage(() => import('@/features/users/components/admins/AddContactPage'));
const ContactDetailPage = lazyPage(() => import('@/features/users/components/admins/ContactDetailPage'));
const UserGroupsPage = lazyPage(() => import('@/features/user-groups/components/UserGroupsPage'));
const AddUserGroupPage = lazyPage(() => import('@/features/user-groups/components/AddUserGroupPage'));
const UserGroupDetailPage = lazyPage(() => import('@/features/user-groups/components/UserGroupDetailPage'));
const GroupMembersTab = lazyPage(() => import('@/features/user-groups/components/MembersTab'));
const GroupProductsTab = lazyPage(() => import('@/features/user-groups/components/ProductsTab'));
const GroupDetailsTab = lazyPage(() => import('@/features/user-groups/components/DetailsTab'));
const CorporateAccountsPage = lazyPage(() => import('@/features/corporate-accounts/components/CorporateAccountsPage'));
const AddCorporateAccountPage = lazyPage(() => import('@/features/corporate-accounts/components/add/AddCorporateAccountPage'));
const CompanyDetailsPage = lazyPage(() => import('@/features/company-details/components/CompanyDetailsPage'));
const InvoicesPage = lazyPage(() => import('@/features/invoices/components/InvoicesPage'));
const SelfBillingInvoicesPage = lazyPage(() => import('@/features/invoices/components/SelfBillingInvoicesPage'));
const ReportingRoute = lazyPage(() => import('./routes/ReportingRoute'));
const PartnersPage = lazyPage(() => import('@/features/partners/components/PartnersPage'));
const AddPartnerPage = lazyPage(() => import('@/features/partners/components/AddPartnerPage'));
const PartnerDetailPage = lazyPage(() => import('@/features/partners/components/PartnerDetailPage'));
const PartnerDetailsTab = lazyPage(() => import('@/features/partners/components/DetailsTab'));
const PartnerBudgetsTab = lazyPage(() => import('@/features/partners/components/BudgetsTab'));
const PartnerProductsTab = lazyPage(() => import('@/features/partners/components/ProductsTab'));
const PartnerResourcesTab = lazyPage(() => import('@/features/partners/components/ResourcesTab'));
const LinkedPartnersTab = lazyPage(() => import('@/features/partners/components/LinkedPartnersTab'));
const AddLinkedPartnerPage = lazyPage(() => import('@/features/partners/components/AddLinkedPartnerPage'));
const PartnerBrandingTab = lazyPage(() => import('@/features/branding/components/PartnerBrandingTab'));
const ProductsPage = lazyPage(() => import('@/features/products/components/ProductsPage'));
const AddProductPage = lazyPage(() => import('@/features/products/components/AddProductPage'));
const ProductDetailPage = lazyPage(() => import('@/features/products/components/ProductDetailPage'));
const ProductDetailsTab = lazyPage(() => import('@/features/products/components/DetailsTab'));
const ProductCompositionTab = lazyPage(() => import('@/features/products/components/CompositionTab'));
const AddElementsPage = lazyPage(() => import('@/features/products/components/AddElementsPage'));
const ResourceManagementPage = lazyPage(() => import('@/features/resources/components/ResourceManagementPage'));
const ResourceListTab = lazyPage(() => import('@/features/resources/components/ResourceListTab'));
const ResourceEditPage = lazyPage(() => import('@/features/resources/components/edit/ResourceEditPage'));
const ResourceGroupsTab = lazyPage(() => import('@/features/resources/components/groups/ResourceGroupsTab'));
const ResourceGroupEditPage = lazyPage(() => import('@/features/resources/components/groups/ResourceGroupEditPage'));
const LabelsTab = lazyPage(() => import('@/features/resources/components/labels/LabelsTab'));
const LabelEditPage = lazyPage(() => import('@/features/resources/components/labels/LabelEditPage'));
const UserFeesPage = lazyPage(() => import('@/features/user-fees/components/UserFeesPage'));
const UserFeeTiersPage = lazyPage(() => import('@/features/user-fees/components/UserFeeTiersPage'));
const TemplatesPage = lazyPage(() => import('@/features/templates/components/TemplatesPage'));
const TemplateEditPage = lazyPage(() => import('@/features/templates/components/TemplateEditPage'));
const MessageChannelsPage = lazyPage(() => import('@/features/messaging/components/MessageChannelsPage'));
const AddMessageChannelPage = lazyPage(() => import('@/features/messaging/components/AddMessageChannelPage'));
const MessageChannelDetailPage = lazyPage(() => import('@/features/messaging/components/MessageChannelDetailPage'));
const SendMessagePage = lazyPage(() => import('@/features/messaging/components/SendMessagePage'));
const TranslationsPage = lazyPage(() => import('@/features/translations/components/TranslationsPage'));
const ProviderUploadsPage = lazyPage(() => import('@/features/provider-uploads/components/ProviderUploadsPage'));
const UploadKindTab = lazyPage(() => import('@/features/provider-uploads/components/UploadKindTab'));
const ReconciliationPage = lazyPage(() => import('@/features/reconciliation/components/ReconciliationPage'));
const VoucherUploadsPage = lazyPage(() => import('@/features/vouchers/components/VoucherUploadsPage'));
const PluginServiceTab = lazyPage(() => import('@/features/plugin-orders/components/PluginServiceTab'));
const HandledPluginsTab = lazyPage(() => import('@/features/plugin-orders/components/HandledPluginsTab'));
const CambioUploadsPage = lazyPage(() => import('@/features/vouchers/components/CambioUploadsPage'));
const OrdersPage = lazyPage(() => import('@/features/orders/components/OrdersPage'));
const OrderTab = lazyPage(() => import('@/features/orders/components/OrderTab'));
const OrderHandlingPage = lazyPage(() => import('@/features/orders/components/OrderHandlingPage'));
const NmbsInvoicesPage = lazyPage(() => import('@/features/nmbs-invoices/components/NmbsInvoicesPage'));

const strip = (path: string) => path.replace(/^\//, '');

/** Who may manage people (SPEC §6: user_manager; ospadmin always passes). */
const USER_MANAGERS = ['user_manager'] as const;
const PLATFORM_ADMINS = ['ospadmin'] as const;
const REPORTING_MANAGERS = ['reporting_manager'] as const;
const TEMPLATE_MANAGERS = ['user_manager', 'communication_manager'] as const;
/** finance/invoices: invoice managers and user managers (SPEC §2). */
const INVOICE_READERS = ['invoice_manager', 'user_manager'] as const;
const INVOICE_MANAGERS = ['invoice_manager'] as const;

/** The people screens (SPEC §2): a selected company and the user_manager role. */
const peopleRoutes: RouteObject = {
  element: (
    <RequireSelectedCorporateAccount>
      <RequireRole roles={USER_MANAGERS}>
        <Outlet />
      </RequireRole>
    </RequireSelectedCorporateAccount>
  ),
  children: [
    { path: strip(paths.appUsers), element: <AppUsersPage /> },
    { path: strip(paths.addAppUser), element: <AddAppUserPage /> },
    {
      path: strip(paths.appUser),
      element: <AppUserDetailPage />,
      // The layout redirects to the first tab this user has.
      children: [
        { index: true, element: null },
        { path: 'budgets', element: <UserBudgetsTab /> },
        { path: 'expenses', element: <UserExpensesTab /> },
        { path: 'trip-configuration', element: <TripConfigurationTab /> },
        { path: 'trip-registrations', element: <TripRegistrationsTab /> },
        { path: 'groups-roles', element: <GroupsRolesTab /> },
        { path: 'detail', element: <UserDetailTab /> },
        { path: 'identification-fields', element: <IdentificationTab /> },
        { path: 'roles', element: <RolesTab /> },
        {
          path: 'parking-history',
          element: (
            <RequireRole roles={PLATFORM_ADMINS}>
              <ParkingHistoryTab />
            </RequireRole>
          ),
        },
      ],
    },
    // The expense of a user: platform admin or user manager (this group's role).
    { path: strip(paths.userExpense), element: <ExpenseDetailPage /> },
    { path: strip(paths.addBudget), element: <AddBudgetPage /> },
    { path: strip(paths.addBudgetAmount), element: <AddAmountPage /> },
    { path: strip(paths.budget), element: <BudgetDetailPage /> },
    { path: strip(paths.addExpense), element: <AddExpensePage /> },
    { path: strip(paths.recurringExpense), element: <RecurringExpensePage /> },
    {
      path: strip(paths.companySettings),
      element: <CompanySettingsPage />,
      children: [
        { index: true, element: null },
        { path: 'details', element: <DetailsSettingsTab /> },
        { path: 'budgets', element: <BudgetsSettingsTab /> },
        // MSP only and platform admin only: the tabs show the 404 page to anyone else.
        { path: 'mobile-app', element: <MobileAppSettingsTab /> },
        { path: 'available-products', element: <AvailableProductsTab /> },
        {
          path: 'branding',
          element: (
            <RequireRole roles={PLATFORM_ADMINS}>
              <BrandingSettingsTab />
            </RequireRole>
          ),
        },
        {
          path: 'provider-payments',
          element: (
            <RequireRole roles={PLATFORM_ADMINS}>
              <ProviderPaymentsTab />
            </RequireRole>
          ),
        },
      ],
    },
    {
      path: strip(paths.companyProducts),
      element: <CompanyProductsPage />,
      children: [
        { index: true, element: null },
        { path: 'list', element: <CompanyProductsListTab /> },
        { path: 'homework-registration', element: <HomeworkRegistrationTab /> },
        { path: 'trip-registration', element: <TripRegistrationTab /> },
        { path: 'nmbs-subscription', element: <NmbsSubscriptionTab /> },
      ],
    },
    { path: strip(paths.importUsers), element: <ImportUsersPage /> },
    { path: strip(paths.importTripRegistrations), element: <ImportTripRegistrationsPage /> },
    { path: strip(paths.userGroups), element: <UserGroupsPage /> },
    { path: strip(paths.addUserGroup), element: <AddUserGroupPage /> },
    {
      path: strip(paths.userGroup),
      element: <UserGroupDetailPage />,
      children: [
        { index: true, element: null },
        { path: 'members', element: <GroupMembersTab /> },
        { path: 'products', element: <GroupProductsTab /> },
        { path: 'details', element: <GroupDetailsTab /> },
      ],
    },
    { path: strip(paths.admins), element: <AdminsPage /> },
    { path: strip(paths.addAdmin), element: <AddAdminPage /> },
    { path: strip(paths.addInvoicingContact), element: <AddContactPage contactType="INVOICING_CONTACT" /> },
    { path: strip(paths.addHrContact), element: <AddContactPage contactType="HR_CONTACT" /> },
    { path: strip(paths.addBudgetContact), element: <AddContactPage contactType="BUDGET_CONTACT" /> },
    { path: strip(paths.contact), element: <ContactDetailPage /> },
    {
      path: strip(paths.admin),
      element: <AdminDetailPage />,
      children: [
        { index: true, element: null },
        { path: 'details', element: <UserDetailTab /> },
        { path: 'roles', element: <RolesTab /> },
      ],
    },
  ],
};

/** Finance (SPEC §2): the company's money; platform admins may work without a selection. */
const financeRoutes: RouteObject = {
  element: (
    <RequireSelectedCorporateAccount allowAdminWithoutSelection>
      <Outlet />
    </RequireSelectedCorporateAccount>
  ),
  children: [
    {
      path: strip(paths.allTransactions),
      element: (
        <RequireRole roles={USER_MANAGERS}>
          <AllTransactionsPage />
        </RequireRole>
      ),
    },
    {
      path: strip(paths.transactionDetails),
      element: (
        <RequireRole roles={USER_MANAGERS}>
          <ExpenseDetailPage readOnly />
        </RequireRole>
      ),
    },
    {
      path: strip(paths.companyBudget),
      element: (
        <RequireCompanyBudgetAccess>
          <CompanyBudgetPage />
        </RequireCompanyBudgetAccess>
      ),
    },
    {
      path: strip(paths.companyPrivateBudget),
      element: (
        <RequireRole roles={PLATFORM_ADMINS}>
          <CompanyPrivateBudgetPage />
        </RequireRole>
      ),
    },
  ],
};

/**
 * Invoices (SPEC §2, §6): needSelectedCorporateAccountOrAdmin, where an
 * invoice manager also passes without a selection; self-billing invoices
 * are the invoice managers' (of an MRP partner; the server scopes them).
 */
const invoiceRoutes: RouteObject[] = [
  {
    path: strip(paths.invoices),
    element: (
      <RequireSelectedCorporateAccount allowAdminWithoutSelection allowInvoiceManagerWithoutSelection>
        <RequireRole roles={INVOICE_READERS}>
          <InvoicesPage />
        </RequireRole>
      </RequireSelectedCorporateAccount>
    ),
  },
  {
    path: strip(paths.selfBillingInvoices),
    element: (
      <RequireRole roles={INVOICE_MANAGERS}>
        <SelfBillingInvoicesPage />
      </RequireRole>
    ),
  },
];

/** MSP only (SPEC §2): the partner's corporate accounts. */
const mspRoutes: RouteObject = {
  element: (
    <RequireMsp>
      <Outlet />
    </RequireMsp>
  ),
  children: [
    { path: strip(paths.corporateAccounts), element: <CorporateAccountsPage /> },
    { path: strip(paths.addCorporateAccount), element: <AddCorporateAccountPage /> },
  ],
};

/** company/details: needSelectedCorporateAccount (SPEC §2). */
/**
 * company/products/upload-nmbs-invoice (SPEC §2): the selected company's
 * NMBS and B-Parking invoices; invoice managers (of the company, of its
 * partner) and platform staff. Apart from the products page, whose route
 * needs user_manager.
 */
const nmbsInvoicesRoute: RouteObject = {
  path: strip(paths.nmbsInvoices),
  element: (
    <RequireSelectedCorporateAccount>
      <RequireRole roles={INVOICE_MANAGERS}>
        <NmbsInvoicesPage />
      </RequireRole>
    </RequireSelectedCorporateAccount>
  ),
};

const companyDetailsRoute: RouteObject = {
  path: strip(paths.companyDetails),
  element: (
    <RequireSelectedCorporateAccount>
      <CompanyDetailsPage />
    </RequireSelectedCorporateAccount>
  ),
};

/** Partner screens only platform staff open. */
const staffOnly = (element: ReactNode) => <RequireRole roles={PLATFORM_ADMINS}>{element}</RequireRole>;

/**
 * Partners (SPEC §2 "Platform admin only"). A partner's own MSP admin also
 * opens its partner's products and resources tabs, read-only (the server
 * answers partner/get for their own partner only).
 */
const partnerRoutes: RouteObject = {
  children: [
    {
      element: staffOnly(<Outlet />),
      children: [
        { path: strip(paths.partners), element: <PartnersPage /> },
        { path: strip(paths.addPartner), element: <AddPartnerPage /> },
        { path: strip(paths.addLinkedPartner), element: <AddLinkedPartnerPage /> },
      ],
    },
    {
      path: strip(paths.partner),
      element: (
        <RequireMsp>
          <PartnerDetailPage />
        </RequireMsp>
      ),
      children: [
        { index: true, element: null },
        { path: 'details', element: staffOnly(<PartnerDetailsTab />) },
        { path: 'products', element: <PartnerProductsTab /> },
        { path: 'resources', element: <PartnerResourcesTab /> },
        { path: 'budgets', element: staffOnly(<PartnerBudgetsTab />) },
        { path: 'branding', element: staffOnly(<PartnerBrandingTab />) },
        { path: 'linked-partners', element: staffOnly(<LinkedPartnersTab />) },
      ],
    },
  ],
};

/** Backoffice products (SPEC §2 "Admin backoffice"): platform staff only. */
const productRoutes: RouteObject = {
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <Outlet />
    </RequireRole>
  ),
  children: [
    { path: strip(paths.products), element: <ProductsPage /> },
    { path: strip(paths.addProduct), element: <AddProductPage /> },
    { path: strip(paths.addProductResourceGroup), element: <AddElementsPage key="RESOURCE_GROUP" kind="RESOURCE_GROUP" /> },
    { path: strip(paths.addProductServiceResource), element: <AddElementsPage key="SERVICE" kind="SERVICE" /> },
    { path: strip(paths.addProductRentalCar), element: <AddElementsPage key="RENTAL_CAR" kind="RENTAL_CAR" /> },
    {
      path: strip(paths.product),
      element: <ProductDetailPage />,
      children: [
        { index: true, element: null },
        { path: 'details', element: <ProductDetailsTab /> },
        { path: 'composition', element: <ProductCompositionTab /> },
      ],
    },
  ],
};

/**
 * Resource management (SPEC §2, platform staff): the tabs as routes, each a
 * list with one {createOrEdit} route below it ('create' or the ospId).
 */
const resourceRoutes: RouteObject = {
  path: strip(paths.resources),
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <ResourceManagementPage />
    </RequireRole>
  ),
  children: [
    // The page opens the first tab.
    { index: true, element: null },
    ...RESOURCE_TABS.flatMap(({ tab, kind }): RouteObject[] =>
      kind
        ? [
            { path: tab, element: <ResourceListTab key={kind} kind={kind} /> },
            { path: `${tab}/:createOrEdit`, element: <ResourceEditPage key={kind} kind={kind} /> },
          ]
        : [],
    ),
    { path: 'resource-groups', element: <ResourceGroupsTab /> },
    { path: 'resource-groups/:createOrEdit', element: <ResourceGroupEditPage /> },
    { path: 'labels', element: <LabelsTab /> },
    { path: 'labels/:createOrEdit', element: <LabelEditPage /> },
  ],
};

/** User fees (SPEC §2 backoffice): platform staff set the tiers. */
const userFeeRoutes: RouteObject = {
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <Outlet />
    </RequireRole>
  ),
  children: [
    { path: strip(paths.userFees), element: <UserFeesPage /> },
    { path: strip(paths.userFeeTiers), element: <UserFeeTiersPage /> },
  ],
};

/** Templates (SPEC §2 backoffice): platform staff, and MSP user or communication managers. */
const templateRoutes: RouteObject = {
  element: (
    <RequireMsp>
      <RequireRole roles={TEMPLATE_MANAGERS}>
        <Outlet />
      </RequireRole>
    </RequireMsp>
  ),
  children: [
    { path: strip(paths.templates), element: <TemplatesPage /> },
    { path: strip(paths.addTemplate), element: <TemplateEditPage /> },
    { path: strip(paths.editTemplate), element: <TemplateEditPage /> },
  ],
};

/**
 * Communication (SPEC §2): communication managers of the selected company,
 * MSP admins holding the role, platform staff (without a selection: the
 * platform's channels).
 */
const communicationRoutes: RouteObject = {
  element: (
    <RequireSelectedCorporateAccount allowAdminWithoutSelection>
      <RequireRole roles={['communication_manager']}>
        <Outlet />
      </RequireRole>
    </RequireSelectedCorporateAccount>
  ),
  children: [
    { path: strip(paths.messageChannels), element: <MessageChannelsPage /> },
    { path: strip(paths.addMessageChannel), element: <AddMessageChannelPage /> },
    { path: strip(paths.messageChannel), element: <MessageChannelDetailPage /> },
    { path: strip(paths.sendMessage), element: <SendMessagePage /> },
  ],
};

/** Translations (SPEC §2 backoffice): platform staff; translations/{type} is the same list limited to one type. */
const translationRoutes: RouteObject = {
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <Outlet />
    </RequireRole>
  ),
  children: [
    { path: strip(paths.translations), element: <TranslationsPage /> },
    { path: strip(paths.translationsOfType), element: <TranslationsPage /> },
  ],
};

/**
 * Backoffice uploads (SPEC §2): providers' files, one tab per kind; platform
 * staff. The vouchers and cambio tabs have calls of their own (features/vouchers).
 */
const providerUploadRoutes: RouteObject = {
  path: strip(paths.providerUploads),
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <ProviderUploadsPage />
    </RequireRole>
  ),
  children: [
    { index: true, element: <Navigate to="vouchers" replace /> },
    { path: 'vouchers', element: <VoucherUploadsPage /> },
    { path: 'cambio', element: <CambioUploadsPage /> },
    { path: ':kind', element: <UploadKindTab /> },
  ],
};

/** Backoffice reconciliation (SPEC §2): provider bookings against the platform's; platform staff. */
const reconciliationRoute: RouteObject = {
  path: strip(paths.reconciliation),
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <ReconciliationPage />
    </RequireRole>
  ),
};

/**
 * Backoffice orders (SPEC §2): platform staff; tabs general, plugin-service,
 * handled, handled-plugins (the plugin tabs' routes are features/plugin-orders').
 */
const ordersRoute: RouteObject = {
  path: strip(paths.orders),
  element: (
    <RequireRole roles={PLATFORM_ADMINS}>
      <OrdersPage />
    </RequireRole>
  ),
  children: [
    { index: true, element: <Navigate to="general" replace /> },
    { path: 'general', element: <OrderTab where="backoffice" handled={false} /> },
    { path: 'plugin-service', element: <PluginServiceTab /> },
    { path: 'handled', element: <OrderTab where="backoffice" handled /> },
    { path: 'handled-plugins', element: <HandledPluginsTab /> },
  ],
};

/** Order handling of the selected company (SPEC §2): its user managers, its MSP's admins, platform staff. */
const orderHandlingRoute: RouteObject = {
  path: strip(paths.orderHandling),
  element: (
    <RequireSelectedCorporateAccount>
      <RequireRole roles={USER_MANAGERS}>
        <OrderHandlingPage />
      </RequireRole>
    </RequireSelectedCorporateAccount>
  ),
  children: [
    { index: true, element: <Navigate to="season-card-orders" replace /> },
    { path: 'season-card-orders', element: <OrderTab where="company" handled={false} /> },
    { path: 'handled-season-card-orders', element: <OrderTab where="company" handled /> },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: (
          <GuestOnly>
            <GuestLayout />
          </GuestOnly>
        ),
        children: [
          { path: strip(paths.login), element: <LoginPage /> },
          { path: strip(paths.twoFactor), element: <TwoFactorPage /> },
          { path: strip(paths.resetLogin), element: <ResetLoginPage /> },
          { path: strip(paths.resetPassword), element: <ResetPasswordPage /> },
        ],
      },
      // Not guest-only: the mail link must work even in a browser that is signed in.
      {
        element: <GuestLayout />,
        children: [{ path: strip(paths.setNewPassword), element: <SetNewPasswordPage /> }],
      },
      {
        path: strip(paths.root),
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          { path: strip(paths.dashboard), element: <DashboardRoute /> },
          { path: strip(paths.changePassword), element: <ChangePasswordPage /> },
          { path: strip(paths.help), element: <HelpPage /> },
          // Reporting (SPEC §2): the reporting_manager role; ospadmin passes.
          {
            path: strip(paths.reporting),
            element: (
              <RequireRole roles={REPORTING_MANAGERS}>
                <ReportingRoute />
              </RequireRole>
            ),
          },
          peopleRoutes,
          financeRoutes,
          ...invoiceRoutes,
          partnerRoutes,
          productRoutes,
          resourceRoutes,
          userFeeRoutes,
          templateRoutes,
          communicationRoutes,
          translationRoutes,
          providerUploadRoutes,
          reconciliationRoute,
          ordersRoute,
          orderHandlingRoute,
          // user_manager, MSP users and platform staff (the page checks the first two).
          {
            path: strip(paths.companyDeactivation),
            element: (
              <RequireSelectedCorporateAccount>
                <CompanyDeactivationPage />
              </RequireSelectedCorporateAccount>
            ),
          },
          mspRoutes,
          companyDetailsRoute,
          nmbsInvoicesRoute,
        ],
      },
      { path: strip(paths.notFound), element: <NotFoundRoute /> },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];
