// The web side's business constants (SPEC §9). Every limit, delay and
// default used by the app lives here, so a change to the spec is one edit.

/** Languages the interface is translated into; the order is the selector's order. */
export const SUPPORTED_LANGUAGES = ['en', 'nl', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

/** HTTP */
export const REQUEST_TIMEOUT_MS = 120_000;
export const REFRESH_WAIT_POLL_MS = 100;
export const REFRESH_WAIT_MAX_MS = 20_000;
/** A lazily loaded page that has not arrived after this long is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** UI timing */
export const NOTIFICATION_DURATION_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 700;
/** Widths below this are "mobile" and get the not-available page. */
export const MOBILE_BREAKPOINT_PX = 992;

/** Cookies */
export const TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const TOKEN_COOKIE_DAYS = 7;
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 999;

/** Browser storage keys */
export const SELECTED_CORPORATE_ACCOUNT_KEY = 'portal.selectedCorporateAccountOspId';
export const INTENDED_ROUTE_KEY = 'portal.intendedRoute';
/** Query parameter MSP users carry to share a view of a given company. */
export const CORPORATE_ACCOUNT_QUERY_PARAM = 'corporateAccountOspId';

/** Validation */
export const SEARCH_MIN_CHARS = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const DESCRIPTION_MAX_LENGTH = 140;
export const PHONE_MAX_LENGTH = 25;
export const PHONE_COUNTRIES = ['BE', 'FR', 'DE', 'NL', 'UA'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'BE';
export const TRANSLATION_TEXT_MAX_LENGTH = 90_000;
export const IMPORT_MAX_ROWS = 500;
/** SPEC §5, §9: a user's own commuting distance lies within ±20 % of the admin's (server: trip.DistanceDeviationPercent). */
export const DISTANCE_MAX_DEVIATION_PERCENT = 20;
export const DISTANCE_MAX_DEVIATION = DISTANCE_MAX_DEVIATION_PERCENT / 100;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** Delay before a typed login or contract id is checked with the server. */
export const VERIFY_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

/** Paging */
export const DEFAULT_PAGE_SIZE = 10;
export const DASHBOARD_USER_SEARCH_PAGE_SIZE = 1000;
export const COMPANY_LISTING_PAGE_SIZE = 1000;
export const COMPANY_LISTING_MAX_PAGES = 20;
export const COMPANY_TABLE_PAGE_SIZE = 5;
/** How many companies the selector shows for one search. */
export const CORPORATE_ACCOUNT_SEARCH_SIZE = 20;

/** Page size of the "add users to a group" search. */
export const GROUP_CANDIDATES_PAGE_SIZE = 20;
/** Groups offered when adding a user; a company has far fewer. */
export const USER_GROUP_OPTIONS_PAGE_SIZE = 1000;
/** Accepted import files (SPEC §5: CSV or Excel for users). */
export const USER_IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Formats */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';
export const API_MONTH_FORMAT = 'YYYYMM';
export const CURRENCY = 'EUR';

/** Branding and banner */
export const DEFAULT_BRAND_COLOR = '#0F89EA';
export const DEFAULT_BANNER_TEXT_COLOR = '#FFFFFF';
export const DEFAULT_BANNER_BACKGROUND_COLOR = '#FF0000';

/** Store links shown on the mobile page when the server's config has none. */
export const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/';
export const DEFAULT_PLAY_STORE_URL = 'https://play.google.com/store/apps';


/** Money (SPEC §5, §9): integer euro cents in the API, two decimals on screen. */
export const MONEY_DECIMALS = 2;
export const CURRENCY_PREFIX = '€ ';
/** Report downloads (SPEC §8). */
export const DOWNLOAD_STARTED_MIN_MS = 1_000;
export const DOWNLOAD_LONG_AFTER_MS = 10_000;
export const DOWNLOAD_LONG_MESSAGE_MS = 60_000;
/** Default VAT percentage offered for a new expense. */
export const DEFAULT_VAT_PERCENTAGE = 21;
export const VAT_PERCENTAGES = [0, 6, 12, 21] as const;
/** The budget types a user can get (the company budget belongs to the company). */
export const USER_BUDGET_TYPES = ['MOBILITY_BUDGET', 'BUSINESS_BUDGET', 'CAFETERIA_BUDGET', 'COMMUTING_BUDGET'] as const;
export const TRANSACTION_TYPES = [
  'event', 'update', 'topup', 'user_fee', 'manual_update', 'refund',
  'automatic_update_add', 'automatic_update_reset', 'start_amount', 'transfer',
] as const;
export const MOBILITY_MODES = [
  'BIKE', 'BUS_TRAM_METRO', 'TRAIN', 'PARKING', 'CAR', 'FUEL', 'SNA', 'OTHER_PURCHASES', 'FLEXOFFICE', 'CHARGING',
] as const;
export const TRANSACTIONS_XLSX_FILE = 'transactions.xlsx';

/** Resources (SPEC §3, §5): the server's bounds (internal/resource), checked here first. */
export const RESOURCE_EXT_ID_MAX_LENGTH = 50;
export const RESOURCE_NAME_MAX_LENGTH = 100;
export const RESOURCE_DESCRIPTION_MAX_LENGTH = 1000;
export const RESOURCE_MAX_LABELS = 20;
export const RESOURCE_MAX_FEES = 20;
export const LATITUDE_LIMIT = 90;
export const LONGITUDE_LIMIT = 180;
export const MAX_PUMPS = 100;
export const MAX_CAPACITY = 100_000;
/** A fee's largest amount: 10,000.00 euro. */
export const FEE_MAX_AMOUNT_CENTS = 1_000_000;
export const VAT_PERCENT_MAX = 100;
export const FEE_TYPES = ['FIXED', 'VARIABLE'] as const;
export const FEE_UNITS = ['MINUTE', 'HOUR', 'DAY', 'KM', 'KWH', 'LITRE'] as const;
export const CAR_CATEGORIES = [
  'MINI', 'ECONOMY', 'COMPACT', 'INTERMEDIATE', 'STANDARD', 'FULLSIZE', 'PREMIUM', 'LUXURY', 'SUV', 'VAN',
] as const;
/** Fee schedules in cron notation: the descriptors the server takes (no @every, nothing more often than hourly). */
export const CRON_DESCRIPTORS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight'] as const;
export const RESOURCE_GROUP_NAME_MAX_LENGTH = 100;
/** A service resource's icon: one PNG, JPEG or SVG file of at most 1,000,000 bytes. */
export const ICON_MAX_BYTES = 1_000_000;
export const LABEL_TEXT_MAX_LENGTH = 100;
/** Gas-station owner periods lie within these days (a typo such as 1900 or 9999 is refused). */
export const OWNER_FIRST_DAY = '2000-01-01';
export const OWNER_LAST_DAY = '2099-12-31';
export const OWNER_NAME_MAX_LENGTH = 100;
/** Options of the label and partner selects: every one there is (far fewer in practice). */
export const RESOURCE_OPTIONS_PAGE_SIZE = 1000;
/** Resources offered by one search of the group members' picker. */
export const RESOURCE_PICKER_PAGE_SIZE = 20;
