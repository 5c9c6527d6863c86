// Package document turns one issued invoice, credit note or self-billing
// invoice into its files: the PDF a person reads, the UBL 2.1 XML that
// follows Peppol BIS Billing 3.0, and the detail CSV of every item behind
// its lines. It knows nothing of the database: internal/invoice loads a
// Doc and hands it here, so each format is a pure function of the Doc and
// is tested on its own.
package document

// Kinds of documents (invoices.kind).
const (
	KindInvoice     = "INVOICE"
	KindCreditNote  = "CREDIT_NOTE"
	KindSelfBilling = "SELF_BILLING"
)

// VAT categories (UNCL5305) a line may have: S standard (any rate above
// 0), Z zero rated, E exempt, AE reverse charge (a buyer not liable in
// Belgium), O outside the scope of VAT.
const (
	VatStandard      = "S"
	VatZero          = "Z"
	VatExempt        = "E"
	VatReverseCharge = "AE"
	VatOutside       = "O"
)

// Party is a seller or buyer as the document shows it, snapshotted when
// the document is issued (invoices.seller_json and buyer_json): later
// changes to the company or partner never change an issued document.
type Party struct {
	Name          string `json:"name"`
	Street        string `json:"street"`
	StreetNumber  string `json:"streetNumber"`
	ZipCode       string `json:"zipCode"`
	City          string `json:"city"`
	Country       string `json:"country"`       // ISO 3166-1 alpha-2, BE by default
	VatNumber     string `json:"vatNumber"`     // e.g. BE0123456749; empty when not VAT liable
	CompanyNumber string `json:"companyNumber"` // Belgian enterprise number, 10 digits (Peppol scheme 0208)
	Email         string `json:"email"`
	IBAN          string `json:"iban"`
	BIC           string `json:"bic"`
}

// Line is one invoice line (EN 16931 BG-25). Amounts are cents; Quantity
// is in thousandths of UnitCode (C62 = one, MIN, HUR, DAY, KMT, KWH, LTR).
// NetAmount is the line's net, rounded once; UnitPrice its net per unit.
type Line struct {
	Position       int    `json:"position"`
	LineType       string `json:"lineType"`
	Description    string `json:"description"`
	MobilityMode   string `json:"mobilityMode"`
	QuantityMilli  int64  `json:"quantityMilli"`
	UnitCode       string `json:"unitCode"`
	UnitPrice      int64  `json:"unitPrice"`
	NetAmount      int64  `json:"netAmount"`
	VatCategory    string `json:"vatCategory"`
	VatBasisPoints int    `json:"vatBasisPoints"`
}

// VatBreakdown is the VAT of one category and rate (EN 16931 BG-23): the
// rate's taxable total and its VAT, computed on that total and rounded
// once (half away from zero).
type VatBreakdown struct {
	Category       string `json:"category"`
	VatBasisPoints int    `json:"vatBasisPoints"`
	TaxableAmount  int64  `json:"taxableAmount"`
	VatAmount      int64  `json:"vatAmount"`
	// ExemptionReason is required by BIS 3 for E, AE and O.
	ExemptionReason string `json:"exemptionReason,omitempty"`
}

// Item is one row of the detail CSV: an expense, a fee or a user fee
// behind a line, as it was at issue.
type Item struct {
	Position       int    `json:"position"` // the line it is behind
	ItemType       string `json:"itemType"`
	Reference      string `json:"reference"` // expense ospId, resource extId...
	BookingID      string `json:"bookingId"`
	UserOspID      string `json:"userOspId"`
	UserName       string `json:"userName"`
	Date           string `json:"date"` // yyyy-MM-dd
	MobilityMode   string `json:"mobilityMode"`
	Description    string `json:"description"`
	GrossAmount    int64  `json:"grossAmount"` // incl. VAT, cents
	VatBasisPoints int    `json:"vatBasisPoints"`
}

// Doc is an issued document with everything its files show. Totals hold
// EN 16931's rules: Net = Σ line nets, Vat = Σ breakdown VAT, Total =
// Net + Vat, Payable = Total − Prepaid.
type Doc struct {
	OspID            string         `json:"ospId"`
	Kind             string         `json:"kind"`
	Number           string         `json:"number"`
	IssueDate        string         `json:"issueDate"` // yyyy-MM-dd
	DueDate          string         `json:"dueDate"`
	Month            string         `json:"month"` // yyyyMM billed
	PeriodStart      string         `json:"periodStart"`
	PeriodEnd        string         `json:"periodEnd"`
	CreditedNumber   string         `json:"creditedNumber,omitempty"` // a credit note's invoice
	CreditedDate     string         `json:"creditedDate,omitempty"`
	Currency         string         `json:"currency"`
	Language         string         `json:"language"` // nl, en, fr: the PDF's language
	Seller           Party          `json:"seller"`
	Buyer            Party          `json:"buyer"`
	PaymentReference string         `json:"paymentReference"` // Belgian structured reference +++ddd/dddd/ddddd+++
	PONumber         string         `json:"poNumber"`
	ContractType     string         `json:"contractType"`
	PaymentMethod    string         `json:"paymentMethod"` // MANUAL (credit transfer) or DIRECT_DEBIT
	Lines            []Line         `json:"lines"`
	Vat              []VatBreakdown `json:"vat"`
	NetAmount        int64          `json:"netAmount"`
	VatAmount        int64          `json:"vatAmount"`
	TotalAmount      int64          `json:"totalAmount"`
	PrepaidAmount    int64          `json:"prepaidAmount"`
	PayableAmount    int64          `json:"payableAmount"`
	// Items are the rows of the detail CSV; only DetailCSV reads them, so
	// a loader may leave them out for the PDF and UBL.
	Items []Item `json:"items,omitempty"`
	// MandateReference is a direct-debit mandate's reference (BT-89);
	// empty: the payment reference stands for it.
	MandateReference string `json:"mandateReference,omitempty"`
}
