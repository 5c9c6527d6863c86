// Package deactivation holds the deactivation workflows of SPEC §4: a
// company's deactivation request (requested, handled within 3 Belgian
// working days, effective at the start of the next month, extra costs for
// 60 days, balances settled 60 days after) and a partner's deactivation,
// run as one resumable job over all its companies.
package deactivation

import "mobility/portal/internal/paging"

// Statuses of a company deactivation request.
const (
	// StatusRequested: asked for, waiting for platform staff (or the jobs
	// runner at the end of handleBy).
	StatusRequested = "REQUESTED"
	// StatusHandled: confirmed; takes effect on effectiveOn.
	StatusHandled = "HANDLED"
	// StatusEffective: the company, its users and budgets are deactivated;
	// extra costs may still be booked until extraCostsUntil.
	StatusEffective = "EFFECTIVE"
	// StatusSettled: the remaining balances were settled.
	StatusSettled = "SETTLED"
	// StatusWithdrawn: withdrawn before it took effect.
	StatusWithdrawn = "WITHDRAWN"
	// StatusReactivated: the company was activated again after the
	// deactivation took effect (no settlement happens after that).
	StatusReactivated = "REACTIVATED"
)

// Partner deactivation statuses.
const (
	PartnerRunning = "RUNNING"
	PartnerDone    = "DONE"
	// PartnerActivated: the partner was activated again.
	PartnerActivated = "ACTIVATED"
)

// The periods of SPEC §9.
const (
	// HandleWorkingDays is how many Belgian working days platform staff
	// have to handle a request.
	HandleWorkingDays = 3
	// ExtraCostsDays is how long after effectiveOn expenses may still be
	// booked, and when the balances are settled.
	ExtraCostsDays = 60
)

// CompanyRef names a corporate account in an answer.
type CompanyRef struct {
	OspID string `json:"ospId"`
	Name  string `json:"name"`
}

// UserRef names the user who did something.
type UserRef struct {
	OspID    string `json:"ospId"`
	FullName string `json:"fullName"`
}

// CompanyDeactivation is a company's deactivation request and its course.
// Dates are yyyy-MM-dd (Europe/Brussels); null until the step happened.
type CompanyDeactivation struct {
	OspID            string     `json:"ospId"`
	CorporateAccount CompanyRef `json:"corporateAccount"`
	Status           string     `json:"status" enum:"REQUESTED,HANDLED,EFFECTIVE,SETTLED,WITHDRAWN,REACTIVATED"`
	Remark           string     `json:"remark"`
	RequestedOn      string     `json:"requestedOn" description:"yyyy-MM-dd"`
	RequestedBy      *UserRef   `json:"requestedBy"`
	HandleBy         string     `json:"handleBy" description:"yyyy-MM-dd: requestedOn + 3 Belgian working days"`
	// Overdue: still REQUESTED after its handleBy day.
	Overdue         bool     `json:"overdue"`
	HandledOn       *string  `json:"handledOn" description:"yyyy-MM-dd"`
	HandledBy       *UserRef `json:"handledBy" description:"null when the jobs runner handled it"`
	EffectiveOn     *string  `json:"effectiveOn" description:"yyyy-MM-dd: first day of the month after handledOn"`
	ExtraCostsUntil *string  `json:"extraCostsUntil" description:"yyyy-MM-dd: effectiveOn + 60 days; the balances are settled that day"`
	SettledOn       *string  `json:"settledOn" description:"yyyy-MM-dd"`
	WithdrawnOn     *string  `json:"withdrawnOn" description:"yyyy-MM-dd"`
	ActivatedOn     *string  `json:"activatedOn" description:"yyyy-MM-dd: the company was activated again"`
	// CompanyActive is the company's active flag now.
	CompanyActive bool `json:"companyActive"`
}

// GetRequest names a corporate account.
type GetRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"64"`
}

// RequestRequest asks for a company's deactivation.
type RequestRequest struct {
	OspID  string `json:"ospId" required:"true" maxLength:"64"`
	Remark string `json:"remark,omitempty" maxLength:"1000"`
}

// FilterRequest pages through deactivation requests (platform staff).
type FilterRequest struct {
	// Status filters; absent: the open ones (REQUESTED and HANDLED).
	Status     string            `json:"status,omitempty" enum:"REQUESTED,HANDLED,EFFECTIVE,SETTLED,WITHDRAWN,REACTIVATED"`
	Pagination paging.Pagination `json:"pagination"`
}

// PartnerDeactivation is the progress of a partner's deactivation.
type PartnerDeactivation struct {
	PartnerOspID   string  `json:"partnerOspId"`
	Status         string  `json:"status" enum:"RUNNING,DONE,ACTIVATED"`
	CompaniesDone  int     `json:"companiesDone"`
	CompaniesTotal int     `json:"companiesTotal"`
	StartedOn      string  `json:"startedOn" description:"RFC 3339"`
	FinishedOn     *string `json:"finishedOn" description:"RFC 3339"`
	PartnerActive  bool    `json:"partnerActive"`
}
