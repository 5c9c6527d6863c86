// Package nmbsconfig keeps the NMBS/SNCB settings: per company, which
// season cards its employees may order (products, classes, the budget
// types they are paid from, whether parking may be included) and the
// company's NMBS organism number; per partner or company, the settings of
// NMBS ticket sales (channel, B2B customer and contract number, limits).
package nmbsconfig

import "mobility/portal/internal/money"

// Season card products an employee may order (NMBS's kinds of season
// card): a route card between two stations, a network card for the whole
// Belgian rail network, and a route card combined with the urban
// operators (De Lijn, STIB/MIVB, TEC) at either end.
const (
	ProductRoute     = "ROUTE"
	ProductNetwork   = "NETWORK"
	ProductRoutePlus = "ROUTE_PLUS"
)

// Products in display order.
var Products = []string{ProductRoute, ProductNetwork, ProductRoutePlus}

// Classes of travel.
var Classes = []int{1, 2}

// Sales channels of ticket sales: where employees buy tickets.
const (
	ChannelApp          = "APP"
	ChannelPortal       = "PORTAL"
	ChannelAppAndPortal = "APP_AND_PORTAL"
)

// Channels in display order.
var Channels = []string{ChannelApp, ChannelPortal, ChannelAppAndPortal}

// Assignee types of ticket-sales settings.
const (
	AssigneePartner = "PARTNER"
	AssigneeCompany = "CORPORATE_ACCOUNT"
)

// SeasonTicketConfig is a company's season-card settings. A company
// never configured answers the defaults: disabled, nothing chosen.
type SeasonTicketConfig struct {
	CorporateAccountOspID string   `json:"corporateAccountOspId"`
	CorporateAccountName  string   `json:"corporateAccountName"`
	Configured            bool     `json:"configured" description:"false: never saved, these are the defaults"`
	Enabled               bool     `json:"enabled" description:"employees may order season cards"`
	Products              []string `json:"products" description:"season card products employees may order"`
	Classes               []int    `json:"classes" description:"travel classes employees may order (1, 2)"`
	BudgetTypes           []string `json:"budgetTypes" description:"budget types a season card may be paid from (among the company's)"`
	ParkingAllowed        bool     `json:"parkingAllowed" description:"a station parking subscription may be included"`
	OrganismNumber        string   `json:"organismNumber" description:"the company's NMBS organism number: 4 letters"`
	UpdatedByName         string   `json:"updatedByName,omitempty"`
	UpdatedAt             string   `json:"updatedAt,omitempty" format:"date-time"`
}

// SeasonTicketGetRequest names the company.
type SeasonTicketGetRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
}

// SeasonTicketUpdateRequest replaces a company's season-card settings.
type SeasonTicketUpdateRequest struct {
	CorporateAccountOspID string   `json:"corporateAccountOspId" required:"true" maxLength:"36"`
	Enabled               bool     `json:"enabled"`
	Products              []string `json:"products" maxItems:"3" enum:"ROUTE,NETWORK,ROUTE_PLUS"`
	Classes               []int    `json:"classes" maxItems:"2" minimum:"1" maximum:"2"`
	BudgetTypes           []string `json:"budgetTypes" maxItems:"10"`
	ParkingAllowed        bool     `json:"parkingAllowed"`
	OrganismNumber        string   `json:"organismNumber" maxLength:"10" description:"exactly 4 letters (stored upper case); required when enabled"`
}

// TicketSalesConfig is the ticket-sales settings of a partner or company.
// One never configured answers the defaults: disabled, channel APP.
type TicketSalesConfig struct {
	AssigneeType      string       `json:"assigneeType" enum:"PARTNER,CORPORATE_ACCOUNT"`
	AssigneeOspID     string       `json:"assigneeOspId"`
	AssigneeName      string       `json:"assigneeName"`
	Configured        bool         `json:"configured"`
	Enabled           bool         `json:"enabled" description:"employees may buy NMBS tickets"`
	SalesChannel      string       `json:"salesChannel" enum:"APP,PORTAL,APP_AND_PORTAL"`
	CustomerNumber    string       `json:"customerNumber" description:"NMBS B2B customer number (digits)"`
	ContractNumber    string       `json:"contractNumber" description:"NMBS B2B contract number the tickets are invoiced under"`
	FirstClassAllowed bool         `json:"firstClassAllowed"`
	MaxTicketPrice    money.Amount `json:"maxTicketPrice" description:"cents; 0: no limit per ticket"`
	MonthlyLimit      money.Amount `json:"monthlyLimit" description:"cents per employee per month; 0: no limit"`
	UpdatedByName     string       `json:"updatedByName,omitempty"`
	UpdatedAt         string       `json:"updatedAt,omitempty" format:"date-time"`
}

// TicketSalesGetRequest names the assignee: a partner or a company.
type TicketSalesGetRequest struct {
	AssigneeOspID string `json:"assigneeOspId" required:"true" maxLength:"36" description:"a partner's or a company's ospId"`
}

// TicketSalesUpdateRequest replaces an assignee's ticket-sales settings.
type TicketSalesUpdateRequest struct {
	AssigneeOspID     string       `json:"assigneeOspId" required:"true" maxLength:"36"`
	Enabled           bool         `json:"enabled"`
	SalesChannel      string       `json:"salesChannel" required:"true" enum:"APP,PORTAL,APP_AND_PORTAL"`
	CustomerNumber    string       `json:"customerNumber" maxLength:"20" description:"1 to 10 digits; required when enabled"`
	ContractNumber    string       `json:"contractNumber" maxLength:"40" description:"1 to 20 of A-Z, 0-9, -; required when enabled"`
	FirstClassAllowed bool         `json:"firstClassAllowed"`
	MaxTicketPrice    money.Amount `json:"maxTicketPrice" description:"cents, 0 (no limit) up to the monthly limit"`
	MonthlyLimit      money.Amount `json:"monthlyLimit" description:"cents, 0 (no limit) or more"`
}
