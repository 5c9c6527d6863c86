// Package invoice bills companies every month and pays providers: the
// monthly run issues one invoice per company and month (the month's
// expenses charged to the company, the catalogue's fees charged to it and
// the user fees) and one self-billing invoice per MRP partner and month
// (its resources' bookings); credit notes correct issued invoices, which
// are never edited; payments set an invoice's status. Numbers are one
// gapless sequence per series and year. The files (PDF, UBL, detail CSV)
// are made by internal/invoice/document from a loaded Doc.
//
// Who sees what (SPEC §6, needSelectedCorporateAccountOrAdmin with the
// Invoices exception): invoice managers and user managers of a company its
// invoices, MSP admins their partner's companies' invoices, invoice
// managers of an MRP partner its self-billing invoices, platform staff all.
// Only platform staff record payments and issue credit notes.
package invoice

import (
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Statuses (SPEC §3 Invoice).
const (
	StatusCreated             = "CREATED"
	StatusSent                = "SENT"
	StatusPaid                = "PAID"
	StatusInsufficientPayment = "INSUFFICIENT_PAYMENT"
	StatusExcessivePayment    = "EXCESSIVE_PAYMENT"
)

// Statuses lists them in their order.
var Statuses = []string{StatusCreated, StatusSent, StatusPaid, StatusInsufficientPayment, StatusExcessivePayment}

// Kinds lists the document kinds.
var Kinds = []string{document.KindInvoice, document.KindCreditNote, document.KindSelfBilling}

// Payment methods of invoice/pay.
const (
	MethodTransfer    = "TRANSFER"
	MethodDirectDebit = "DIRECT_DEBIT"
)

// Filter is what findByFilter, download/xlsx and downloadByFilter take.
// An MSP admin or platform staff may leave the company out; a company's
// admin sees its own company's documents whatever it names.
type Filter struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	PartnerOspID          string            `json:"partnerOspId,omitempty" maxLength:"36" description:"self-billing: the MRP partner (seller; platform staff, others see their own); company documents: the companies of this MSP partner, within the caller's reach"`
	SelfBilling           bool              `json:"selfBilling,omitempty" description:"self-billing invoices (finance/self-billing-invoices) instead of company invoices and credit notes"`
	Statuses              []string          `json:"statuses,omitempty" maxItems:"5" enum:"CREATED,SENT,PAID,INSUFFICIENT_PAYMENT,EXCESSIVE_PAYMENT"`
	MonthFrom             string            `json:"monthFrom,omitempty" pattern:"^[0-9]{6}$" description:"yyyyMM, inclusive"`
	MonthTo               string            `json:"monthTo,omitempty" pattern:"^[0-9]{6}$" description:"yyyyMM, inclusive; not before monthFrom"`
	Number                string            `json:"number,omitempty" maxLength:"30" description:"part of the invoice number"`
	Pagination            paging.Pagination `json:"pagination" description:"sorted by the first of number, month, issueDate, totalAmount, status in sortOrders; default number DESC"`
}

// Invoice is one document as lists show it. Amounts are cents.
type Invoice struct {
	OspID                 string `json:"ospId"`
	Kind                  string `json:"kind" enum:"INVOICE,CREDIT_NOTE,SELF_BILLING"`
	Number                string `json:"number"`
	Month                 string `json:"month" description:"yyyyMM billed"`
	IssueDate             string `json:"issueDate"`
	DueDate               string `json:"dueDate"`
	Status                string `json:"status" enum:"CREATED,SENT,PAID,INSUFFICIENT_PAYMENT,EXCESSIVE_PAYMENT"`
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
	CorporateAccountName  string `json:"corporateAccountName,omitempty"`
	PartnerOspID          string `json:"partnerOspId,omitempty" description:"self-billing: the MRP partner (seller)"`
	PartnerName           string `json:"partnerName,omitempty"`
	CreditedInvoiceNumber string `json:"creditedInvoiceNumber,omitempty" description:"a credit note's invoice"`
	CreditNoteNumber      string `json:"creditNoteNumber,omitempty" description:"the credit note that cancels this invoice"`
	NetAmount             int64  `json:"netAmount"`
	VatAmount             int64  `json:"vatAmount"`
	TotalAmount           int64  `json:"totalAmount"`
	PrepaidAmount         int64  `json:"prepaidAmount" description:"drawn from a prepaid company's budget"`
	PayableAmount         int64  `json:"payableAmount" description:"totalAmount - prepaidAmount"`
	PaidAmount            int64  `json:"paidAmount" description:"sum of the payments recorded"`
	PaymentReference      string `json:"paymentReference" description:"Belgian structured reference +++ddd/dddd/ddddd+++"`
	SendingMethod         string `json:"sendingMethod" description:"EMAIL or PEPPOL"`
	PeppolStatus          string `json:"peppolStatus" description:"PENDING: waiting for the Peppol access point; empty when sent by e-mail"`
	SentAt                string `json:"sentAt,omitempty"`
	HasDetail             bool   `json:"hasDetail" description:"detail/csv has rows for it"`
}

// InvoicePage is a page of documents with the filter's totals.
type InvoicePage struct {
	paging.Page[Invoice]
	TotalAmountSum   int64 `json:"totalAmountSum" description:"sum of totalAmount over every document the filter matches"`
	PayableAmountSum int64 `json:"payableAmountSum"`
	PaidAmountSum    int64 `json:"paidAmountSum"`
}

// Payment is one recorded payment.
type Payment struct {
	OspID       string `json:"ospId"`
	Amount      int64  `json:"amount"`
	PaymentDate string `json:"paymentDate"`
	Reference   string `json:"reference"`
	Method      string `json:"method" enum:"TRANSFER,DIRECT_DEBIT"`
	CreatedOn   string `json:"createdOn"`
}

// Detail is one document with its lines, VAT and payments (the pay
// dialog and the list's expanded row).
type Detail struct {
	Invoice
	Lines    []document.Line         `json:"lines"`
	Vat      []document.VatBreakdown `json:"vat"`
	Payments []Payment               `json:"payments"`
}

// GetRequest names a document.
type GetRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// PathID is the {id} of the GET document calls (the invoice's ospId).
type PathID struct {
	ID string `path:"id" maxLength:"36"`
}

// PayRequest records a payment (platform staff; Idempotency-Key). A
// negative amount records money paid back. The status follows from the
// sum of payments against payableAmount: equal PAID, below INSUFFICIENT,
// above EXCESSIVE.
type PayRequest struct {
	OspID       string       `json:"ospId" required:"true" maxLength:"36"`
	Amount      money.Amount `json:"amount" description:"euro cents, not 0"`
	PaymentDate string       `json:"paymentDate" description:"yyyy-MM-dd, not in the future, not before the invoice's issue date"`
	Reference   string       `json:"reference" maxLength:"140" description:"the bank statement's reference"`
	Method      string       `json:"method,omitempty" enum:"TRANSFER,DIRECT_DEBIT" description:"default TRANSFER"`
}

// CreditNoteRequest cancels an issued invoice with a credit note
// (platform staff; Idempotency-Key): the negative of every line.
type CreditNoteRequest struct {
	OspID  string `json:"ospId" required:"true" maxLength:"36" description:"the invoice to credit"`
	Reason string `json:"reason" maxLength:"140"`
}

// SendRequest (re)sends a document: by e-mail to the company's invoicing
// contacts with the PDF attached, or marked for Peppol delivery.
type SendRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// RunRequest runs the monthly invoicing for a closed month (platform
// staff; the jobs runner does it on the month's first days by itself).
type RunRequest struct {
	Month string `json:"month" pattern:"^[0-9]{6}$" description:"yyyyMM, a month that has ended"`
}

// RunResult says what a run did.
type RunResult struct {
	Month               string `json:"month"`
	Invoices            int    `json:"invoices" description:"company invoices issued by this run"`
	SelfBillingInvoices int    `json:"selfBillingInvoices"`
	Skipped             int    `json:"skipped" description:"companies and partners that already had their document"`
}
