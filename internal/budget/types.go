// Package budget holds budgets and their ledger: every cent that moves is
// a row appended to budget_transactions, and a budget's balance is the sum
// of its rows (a cached copy changes in the same database transaction).
// Scheduled top-ups and resets run once per (budget, period).
package budget

import "slices"

// Budget types (SPEC §3).
const (
	TypeMobility  = "MOBILITY_BUDGET"
	TypeBusiness  = "BUSINESS_BUDGET"
	TypeCafeteria = "CAFETERIA_BUDGET"
	TypeCommuting = "COMMUTING_BUDGET"
	TypeCompany   = "COMPANY_BUDGET"
)

// Types lists the budget types in display order.
var Types = []string{TypeMobility, TypeBusiness, TypeCafeteria, TypeCommuting, TypeCompany}

// Payment types: whose money a budget holds.
const (
	PaymentCompany = "COMPANY_BUDGET" // the employer's money (default)
	PaymentPrivate = "PRIVATE_BUDGET" // the employee's own money
)

// Frequencies and methods.
const (
	FrequencyMonth = "MONTH"
	FrequencyYear  = "YEAR"
	MethodAuto     = "AUTOMATIC"
	MethodManual   = "MANUAL"
)

// Transfer strategies: what a period's run does with what remains.
const (
	MonthAdd                 = "MONTH_ADD"
	MonthReset               = "MONTH_RESET"
	MonthAddMonthlyResetYear = "MONTH_ADD_MONTHLY_RESET_YEARLY"
	YearAdd                  = "YEAR_ADD"
	YearReset                = "YEAR_RESET"
)

// Strategies of frequency-amount changes and of the year end.
const (
	UpdateNextPeriod  = "NEXT_PERIOD"
	UpdateImmediately = "IMMEDIATELY"
	YearEndContinue   = "CONTINUE"
	YearEndStop       = "STOP"
)

// Activation states (SPEC §4).
const (
	StatusActive      = "ACTIVE"
	StatusDeactivated = "DEACTIVATED"
	StatusReactivated = "REACTIVATED"
)

// Transaction types (SPEC §3).
const (
	TxEvent        = "event"
	TxUpdate       = "update"
	TxTopup        = "topup"
	TxUserFee      = "user_fee"
	TxManualUpdate = "manual_update"
	TxRefund       = "refund"
	TxAutoAdd      = "automatic_update_add"
	TxAutoReset    = "automatic_update_reset"
	TxStartAmount  = "start_amount"
	TxTransfer     = "transfer"
)

// TxTypes lists every transaction type.
var TxTypes = []string{TxEvent, TxUpdate, TxTopup, TxUserFee, TxManualUpdate, TxRefund, TxAutoAdd, TxAutoReset, TxStartAmount, TxTransfer}

// VAT strategies a budget type allows.
const (
	VatIncluded = "VAT_INCLUDED"
	VatExcluded = "VAT_EXCLUDED"
)

// TypeRules are the rules of one budget type; TypeInfo (the API's "types"
// call) is made from them, and create/update check against them.
type TypeRules struct {
	Frequencies      []string            // allowed; "" is manual
	Strategies       map[string][]string // per frequency
	DefaultFrequency string
	DefaultStrategy  map[string]string // per frequency
	UnlimitedAllowed bool
	ResetsAtYearEnd  bool // the Belgian mobility budget
	VatStrategies    []string
	DefaultYearEnd   string
}

// Rules holds every type's rules (SPEC §3 and §9).
var Rules = map[string]TypeRules{
	TypeMobility: {
		Frequencies:      []string{FrequencyYear, FrequencyMonth},
		Strategies:       map[string][]string{FrequencyYear: {YearReset, YearAdd}, FrequencyMonth: {MonthAddMonthlyResetYear}},
		DefaultFrequency: FrequencyYear, DefaultStrategy: map[string]string{FrequencyYear: YearReset, FrequencyMonth: MonthAddMonthlyResetYear},
		ResetsAtYearEnd: true, VatStrategies: []string{VatIncluded}, DefaultYearEnd: YearEndContinue,
	},
	TypeBusiness: {
		Frequencies:      []string{FrequencyMonth, FrequencyYear, ""},
		Strategies:       map[string][]string{FrequencyMonth: {MonthReset, MonthAdd, MonthAddMonthlyResetYear}, FrequencyYear: {YearReset, YearAdd}},
		DefaultFrequency: FrequencyMonth, DefaultStrategy: map[string]string{FrequencyMonth: MonthReset, FrequencyYear: YearReset},
		UnlimitedAllowed: true, VatStrategies: []string{VatIncluded, VatExcluded}, DefaultYearEnd: YearEndContinue,
	},
	TypeCafeteria: {
		Frequencies:      []string{FrequencyYear, FrequencyMonth, ""},
		Strategies:       map[string][]string{FrequencyYear: {YearAdd, YearReset}, FrequencyMonth: {MonthAdd, MonthAddMonthlyResetYear}},
		DefaultFrequency: FrequencyYear, DefaultStrategy: map[string]string{FrequencyYear: YearAdd, FrequencyMonth: MonthAdd},
		UnlimitedAllowed: true, VatStrategies: []string{VatIncluded}, DefaultYearEnd: YearEndContinue,
	},
	TypeCommuting: {
		Frequencies:      []string{FrequencyMonth, FrequencyYear, ""},
		Strategies:       map[string][]string{FrequencyMonth: {MonthReset, MonthAdd}, FrequencyYear: {YearReset, YearAdd}},
		DefaultFrequency: FrequencyMonth, DefaultStrategy: map[string]string{FrequencyMonth: MonthReset, FrequencyYear: YearReset},
		UnlimitedAllowed: true, VatStrategies: []string{VatIncluded}, DefaultYearEnd: YearEndContinue,
	},
	TypeCompany: {
		Frequencies: []string{""}, Strategies: map[string][]string{},
		DefaultFrequency: "", DefaultStrategy: map[string]string{},
		VatStrategies: []string{VatIncluded}, DefaultYearEnd: YearEndContinue,
	},
}

// StrategyAllowed tells whether a type allows strategy with frequency.
func (r TypeRules) StrategyAllowed(frequency, strategy string) bool {
	return slices.Contains(r.Strategies[frequency], strategy)
}
