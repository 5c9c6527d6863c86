package partner

// API types of the partner calls (SPEC §3 Partner, §7 Partner calls).

// Budget types a partner may select (SPEC §3); the same names as budget's
// (partner sits below budget and cannot import it).
var BudgetTypes = []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET", "CAFETERIA_BUDGET", "COMMUTING_BUDGET", "COMPANY_BUDGET"}

// Relations of a link as seen from the partner named by ospId.
const (
	RelationSub   = "SUB"   // the related partner is a sub-partner of ospId
	RelationSuper = "SUPER" // the related partner is a super-partner of ospId
)

// Data is SPEC's nested data object of a partner: partner{ospId,
// data{partnerType}}, with the name and extId beside it.
type Data struct {
	PartnerType string `json:"partnerType" enum:"MSP,MRP,RESELLER,ARTEMIS,MRP_MSP,RESELLER_B2B"`
	Name        string `json:"name"`
	ExtID       string `json:"extId"`
}

// Summary is a partner as lists of other partners show it (mrp/getAll,
// related/get).
type Summary struct {
	OspID       string `json:"ospId"`
	Name        string `json:"name"`
	ExtID       string `json:"extId"`
	PartnerType string `json:"partnerType" enum:"MSP,MRP,RESELLER,ARTEMIS,MRP_MSP,RESELLER_B2B"`
	Active      bool   `json:"active"`
	Data        Data   `json:"data"`
}

// Detail is the API shape of one partner with everything the partner
// screens show (getAll, get, create, update).
type Detail struct {
	OspID        string `json:"ospId"`
	Name         string `json:"name"`
	ExtID        string `json:"extId"`
	PartnerType  string `json:"partnerType" enum:"MSP,MRP,RESELLER,ARTEMIS,MRP_MSP,RESELLER_B2B"`
	Active       bool   `json:"active"`
	Data         Data   `json:"data"`
	Street       string `json:"street"`
	StreetNumber string `json:"streetNumber"`
	ZipCode      string `json:"zipCode"`
	City         string `json:"city"`
	Country      string `json:"country" description:"ISO 3166-1 alpha-2 code, e.g. BE"`
	VatNumber    string `json:"vatNumber"`
	Email        string `json:"email"`
	// SendInvoices: the platform sends the monthly invoices of this
	// partner's companies.
	SendInvoices bool `json:"sendInvoices" description:"the platform sends the monthly invoices of this partner's companies"`
	// SelfBilling: the platform issues self-billing invoices to this
	// partner for what it sold.
	SelfBilling bool `json:"selfBilling" description:"the platform issues self-billing invoices to this partner for what it sold"`
	// BrandColor is read only here; branding owns the colours.
	BrandColor               string   `json:"brandColor" description:"read only; set through branding"`
	SelectedBudgetTypes      []string `json:"selectedBudgetTypes" description:"subset of MOBILITY_BUDGET, BUSINESS_BUDGET, CAFETERIA_BUDGET, COMMUTING_BUDGET, COMPANY_BUDGET"`
	SelectedProducts         []string `json:"selectedProducts" description:"the product ospIds the partner lets its companies offer (active and not disallowed ones), by label"`
	SelectedServiceResources []string `json:"selectedServiceResources" description:"the service-resource ospIds the partner lets its companies offer (active ones), by name"`
}

// PartnerData is what create and update accept about the partner itself.
type PartnerData struct {
	Name         string `json:"name" maxLength:"100"`
	ExtID        string `json:"extId" maxLength:"50" description:"unique; no dots or whitespace"`
	PartnerType  string `json:"partnerType" enum:"MSP,MRP,RESELLER,ARTEMIS,MRP_MSP,RESELLER_B2B"`
	Street       string `json:"street" maxLength:"100"`
	StreetNumber string `json:"streetNumber" maxLength:"20"`
	ZipCode      string `json:"zipCode" maxLength:"20"`
	City         string `json:"city" maxLength:"100"`
	Country      string `json:"country" maxLength:"2" description:"ISO 3166-1 alpha-2 code, e.g. BE (default BE)"`
	VatNumber    string `json:"vatNumber" maxLength:"20"`
	Email        string `json:"email" maxLength:"254"`
	SendInvoices bool   `json:"sendInvoices"`
	SelfBilling  bool   `json:"selfBilling"`
}

// GetAllRequest lists partners, all or only active or inactive ones.
type GetAllRequest struct {
	Active *bool `json:"active,omitempty"`
}

// GetRequest names one partner.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// CreateRequest creates a partner (active).
type CreateRequest struct {
	PartnerData              PartnerData `json:"partnerData"`
	SelectedBudgetTypes      []string    `json:"selectedBudgetTypes" maxItems:"5" description:"subset of MOBILITY_BUDGET, BUSINESS_BUDGET, CAFETERIA_BUDGET, COMMUTING_BUDGET, COMPANY_BUDGET"`
	SelectedProducts         []string    `json:"selectedProducts,omitempty" maxItems:"2000" description:"product ospIds (active, not disallowed) the partner's companies may offer"`
	SelectedServiceResources []string    `json:"selectedServiceResources,omitempty" maxItems:"2000" description:"service-resource ospIds (active) the partner's companies may offer"`
}

// UpdateRequest changes a partner. A list left out (null) keeps what is
// stored; an empty list clears it.
type UpdateRequest struct {
	OspID                    string      `json:"ospId" required:"true"`
	PartnerData              PartnerData `json:"partnerData" description:"the whole partner data: a field left out is cleared (country: BE)"`
	SelectedBudgetTypes      []string    `json:"selectedBudgetTypes,omitempty" maxItems:"5" description:"subset of MOBILITY_BUDGET, BUSINESS_BUDGET, CAFETERIA_BUDGET, COMMUTING_BUDGET, COMPANY_BUDGET; null keeps the stored selection"`
	SelectedProducts         []string    `json:"selectedProducts,omitempty" maxItems:"2000" description:"product ospIds the partner's companies may offer; null keeps the selection; a product no longer selected leaves its companies and their groups (refused while it is an employee's default product); a new one must be active and not disallowed"`
	SelectedServiceResources []string    `json:"selectedServiceResources,omitempty" maxItems:"2000" description:"service-resource ospIds the partner's companies may offer; null keeps the selection; a new one must be active"`
	// ApplyChangesToCorporateAccounts pushes the selected budget types,
	// products and service resources to every company of the partner, in
	// the same transaction.
	ApplyChangesToCorporateAccounts bool `json:"applyChangesToCorporateAccounts" description:"every company of the partner offers exactly the selected budget types, and every selected product and service resource, afterwards"`
}

// Related lists a partner's linked partners.
type Related struct {
	SuperPartners []Summary `json:"superPartners"`
	SubPartners   []Summary `json:"subPartners"`
}

// LinkRequest adds or removes a link between two partners: with relation
// SUB the related partner is (or was) a sub-partner of ospId, with SUPER a
// super-partner.
type LinkRequest struct {
	OspID               string `json:"ospId" required:"true"`
	RelatedPartnerOspID string `json:"relatedPartnerOspId" required:"true"`
	Relation            string `json:"relation" required:"true" enum:"SUB,SUPER"`
}
