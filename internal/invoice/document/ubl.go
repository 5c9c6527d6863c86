package document

import (
	"bufio"
	"encoding/xml"
	"io"
	"math/big"
	"strings"
)

// Peppol BIS Billing 3.0 identifiers.
const (
	CustomizationID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
	ProfileID       = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
	// Self-billed invoices (type 389) are not allowed in BIS Billing's
	// profile (PEPPOL-EN16931-P0100 lists 380, 381... not 389): Peppol
	// carries them as BIS Self-Billing 3.0, the same EN 16931 document
	// under its own identifiers, which the receiving provider registers
	// for separately.
	SelfBillingCustomizationID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0"
	SelfBillingProfileID       = "urn:fdc:peppol.eu:2017:poacc:selfbilling:01:1.0"

	nsInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	nsCAC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	nsCBC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

	// schemeBEEnterprise is the Peppol EAS / ICD code of the Belgian
	// enterprise number (KBO/BCE); schemeBEVat the EAS of a Belgian VAT
	// number, used when a party has no enterprise number.
	schemeBEEnterprise = "0208"
	schemeBEVat        = "9925"
)

// UNTDID 1001 document type codes and UNCL 4461 payment means.
const (
	typeInvoice         = "380"
	typeSelfBilled      = "389"
	typeCreditNote      = "381"
	meansCreditTransfer = "30"
	meansDirectDebit    = "49"
)

// UBL writes the document as a UBL 2.1 Invoice (a CreditNote for credit
// notes) following Peppol BIS Billing 3.0 (Self-Billing 3.0 for
// self-billing invoices). Element order follows the UBL
// 2.1 schema; empty values are left out (PEPPOL-EN16931-R008). A credit
// note's stored amounts are negative, while a UBL CreditNote states them
// positive (its type says they are credited), so they are negated here.
func UBL(d Doc, w io.Writer) error {
	if err := d.CheckTotals(); err != nil {
		return err
	}
	x := &xmlWriter{w: bufio.NewWriter(w)}
	credit := d.Kind == KindCreditNote
	root, ns, typeElem, lineElem, qtyElem, code := "Invoice", nsInvoice, "cbc:InvoiceTypeCode", "cac:InvoiceLine", "cbc:InvoicedQuantity", typeInvoice
	sign := int64(1)
	if credit {
		root, ns, typeElem, lineElem, qtyElem, code = "CreditNote", nsCreditNote, "cbc:CreditNoteTypeCode", "cac:CreditNoteLine", "cbc:CreditedQuantity", typeCreditNote
		sign = -1
	} else if d.Kind == KindSelfBilling {
		code = typeSelfBilled
	}
	cur := d.Currency
	if cur == "" {
		cur = "EUR"
	}
	money := func(name string, cents int64) { x.leaf(name, amount(sign*cents), "currencyID", cur) }
	// BR-O-02: a document with "not subject to VAT" names no VAT numbers.
	outside := false
	for _, b := range d.Vat {
		outside = outside || b.Category == VatOutside
	}

	x.raw(xml.Header)
	x.open(root, "xmlns", ns, "xmlns:cac", nsCAC, "xmlns:cbc", nsCBC)
	if d.Kind == KindSelfBilling {
		x.leaf("cbc:CustomizationID", SelfBillingCustomizationID)
		x.leaf("cbc:ProfileID", SelfBillingProfileID)
	} else {
		x.leaf("cbc:CustomizationID", CustomizationID)
		x.leaf("cbc:ProfileID", ProfileID)
	}
	x.leaf("cbc:ID", d.Number)
	x.leaf("cbc:IssueDate", d.IssueDate)
	if !credit {
		x.leaf("cbc:DueDate", d.DueDate)
	}
	x.leaf(typeElem, code)
	if d.Kind == KindSelfBilling {
		x.leaf("cbc:Note", d.t("invoice.doc.selfBillingMention"))
	}
	x.leaf("cbc:DocumentCurrencyCode", cur)
	x.leaf("cbc:BuyerReference", buyerReference(d))
	if d.PeriodStart != "" || d.PeriodEnd != "" {
		x.open("cac:InvoicePeriod")
		x.leaf("cbc:StartDate", d.PeriodStart)
		x.leaf("cbc:EndDate", d.PeriodEnd)
		x.close("cac:InvoicePeriod")
	}
	if d.PONumber != "" {
		x.open("cac:OrderReference")
		x.leaf("cbc:ID", d.PONumber)
		x.close("cac:OrderReference")
	}
	if credit && d.CreditedNumber != "" {
		x.open("cac:BillingReference")
		x.open("cac:InvoiceDocumentReference")
		x.leaf("cbc:ID", d.CreditedNumber)
		x.leaf("cbc:IssueDate", d.CreditedDate)
		x.close("cac:InvoiceDocumentReference")
		x.close("cac:BillingReference")
	}
	x.open("cac:AccountingSupplierParty")
	x.party(d.Seller, outside)
	x.close("cac:AccountingSupplierParty")
	x.open("cac:AccountingCustomerParty")
	x.party(d.Buyer, outside)
	x.close("cac:AccountingCustomerParty")

	x.paymentMeans(d, credit)

	x.open("cac:TaxTotal")
	money("cbc:TaxAmount", d.VatAmount)
	for _, b := range d.Vat {
		x.open("cac:TaxSubtotal")
		money("cbc:TaxableAmount", b.TaxableAmount)
		money("cbc:TaxAmount", b.VatAmount)
		x.open("cac:TaxCategory")
		x.taxCategory(b.Category, b.VatBasisPoints)
		switch b.Category {
		case VatReverseCharge:
			x.leaf("cbc:TaxExemptionReasonCode", "VATEX-EU-AE")
		case VatOutside:
			x.leaf("cbc:TaxExemptionReasonCode", "VATEX-EU-O")
		}
		x.leaf("cbc:TaxExemptionReason", d.exemptionReason(b))
		x.taxScheme()
		x.close("cac:TaxCategory")
		x.close("cac:TaxSubtotal")
	}
	x.close("cac:TaxTotal")

	x.open("cac:LegalMonetaryTotal")
	money("cbc:LineExtensionAmount", d.NetAmount)
	money("cbc:TaxExclusiveAmount", d.NetAmount)
	money("cbc:TaxInclusiveAmount", d.TotalAmount)
	if d.PrepaidAmount != 0 {
		money("cbc:PrepaidAmount", d.PrepaidAmount)
	}
	money("cbc:PayableAmount", d.PayableAmount)
	x.close("cac:LegalMonetaryTotal")

	for i, l := range d.Lines {
		qty, price := linePricing(sign*l.NetAmount, l.QuantityMilli, l.UnitPrice)
		x.open(lineElem)
		id := l.Position
		if id == 0 {
			id = i + 1
		}
		x.leaf("cbc:ID", itoa(int64(id)))
		unit := l.UnitCode
		if unit == "" {
			unit = "C62"
		}
		x.leaf(qtyElem, plainDecimal(qty, 3, 0), "unitCode", unit)
		money("cbc:LineExtensionAmount", l.NetAmount)
		x.open("cac:Item")
		name := l.Description
		if name == "" {
			name = l.LineType
		}
		x.leaf("cbc:Name", name)
		x.open("cac:ClassifiedTaxCategory")
		x.taxCategory(l.VatCategory, l.VatBasisPoints)
		x.taxScheme()
		x.close("cac:ClassifiedTaxCategory")
		x.close("cac:Item")
		x.open("cac:Price")
		x.leaf("cbc:PriceAmount", price, "currencyID", cur)
		x.close("cac:Price")
		x.close(lineElem)
	}
	x.close(root)
	if x.err != nil {
		return x.err
	}
	return x.w.Flush()
}

// buyerReference is BT-10: BIS requires it or an order reference
// (PEPPOL-EN16931-R003); the PO number when there is one, else the
// payment reference the buyer pays with, else the document number.
func buyerReference(d Doc) string {
	switch {
	case d.PONumber != "":
		return d.PONumber
	case d.PaymentReference != "":
		return d.PaymentReference
	}
	return d.Number
}

// linePricing answers a line's quantity (thousandths) and its net price as
// UBL states them. BR-27 forbids a negative price, so a negative net takes
// a negative quantity; PEPPOL-EN16931-R120 wants quantity × price to give
// the net, so when the stored unit price (rounded to a cent) does not,
// the price is the exact net per unit with up to 6 decimals.
func linePricing(net, qtyMilli, unitPrice int64) (int64, string) {
	if qtyMilli < 0 {
		qtyMilli = -qtyMilli
	}
	if qtyMilli == 0 {
		qtyMilli = 1000
	}
	if unitPrice < 0 {
		unitPrice = -unitPrice
	}
	if net < 0 {
		qtyMilli = -qtyMilli
	}
	// quantity × price in cents × 1000 against net × 1000
	exact := new(big.Int).Mul(big.NewInt(qtyMilli), big.NewInt(unitPrice))
	if exact.Cmp(new(big.Int).Mul(big.NewInt(net), big.NewInt(1000))) == 0 {
		return qtyMilli, amount(unitPrice)
	}
	// price in micro-euros: net cents × 10^4 × 1000 / qty milli, rounded
	num := new(big.Int).Mul(big.NewInt(net), big.NewInt(10_000_000))
	den := big.NewInt(qtyMilli)
	if num.Sign()*den.Sign() < 0 {
		num.Neg(num)
	}
	if den.Sign() < 0 {
		den.Neg(den)
	}
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(r, big.NewInt(2)).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	return qtyMilli, plainDecimal(q.Int64(), 6, 2)
}

func itoa(v int64) string { return plainDecimal(v, 0, 0) }

// xmlWriter writes elements in order, keeping the first error.
type xmlWriter struct {
	w   *bufio.Writer
	err error
}

func (x *xmlWriter) raw(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

func (x *xmlWriter) escaped(s string) {
	if x.err == nil {
		x.err = xml.EscapeText(x.w, []byte(s))
	}
}

// start writes <name a="v"...> from name/value pairs.
func (x *xmlWriter) start(name string, attrs []string) {
	x.raw("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		x.raw(" " + attrs[i] + `="`)
		x.escaped(attrs[i+1])
		x.raw(`"`)
	}
	x.raw(">")
}

func (x *xmlWriter) open(name string, attrs ...string) { x.start(name, attrs); x.raw("\n") }
func (x *xmlWriter) close(name string)                 { x.raw("</" + name + ">\n") }

// leaf writes <name>value</name>, nothing when value is empty.
func (x *xmlWriter) leaf(name, value string, attrs ...string) {
	if strings.TrimSpace(value) == "" {
		return
	}
	x.start(name, attrs)
	x.escaped(value)
	x.close(name)
}

func (x *xmlWriter) taxScheme() {
	x.open("cac:TaxScheme")
	x.leaf("cbc:ID", "VAT")
	x.close("cac:TaxScheme")
}

// taxCategory writes ID and Percent; "not subject to VAT" has no rate
// (BR-O-05, BR-O-09).
func (x *xmlWriter) taxCategory(cat string, bp int) {
	x.leaf("cbc:ID", cat)
	if cat != VatOutside {
		x.leaf("cbc:Percent", plainDecimal(int64(bp), 2, 0))
	}
}

// party writes a cac:Party: the Peppol endpoint (enterprise number under
// 0208, else the VAT number under 9925), name, address, VAT and legal
// entity with its enterprise number.
func (x *xmlWriter) party(p Party, noVat bool) {
	x.open("cac:Party")
	companyNumber := digits(p.CompanyNumber)
	switch {
	case companyNumber != "":
		x.leaf("cbc:EndpointID", companyNumber, "schemeID", schemeBEEnterprise)
	case p.VatNumber != "":
		x.leaf("cbc:EndpointID", p.VatNumber, "schemeID", schemeBEVat)
	}
	x.open("cac:PartyName")
	x.leaf("cbc:Name", p.Name)
	x.close("cac:PartyName")
	x.open("cac:PostalAddress")
	x.leaf("cbc:StreetName", strings.TrimSpace(p.Street+" "+p.StreetNumber))
	x.leaf("cbc:CityName", p.City)
	x.leaf("cbc:PostalZone", p.ZipCode)
	x.open("cac:Country")
	x.leaf("cbc:IdentificationCode", country(p))
	x.close("cac:Country")
	x.close("cac:PostalAddress")
	if p.VatNumber != "" && !noVat {
		x.open("cac:PartyTaxScheme")
		x.leaf("cbc:CompanyID", p.VatNumber)
		x.taxScheme()
		x.close("cac:PartyTaxScheme")
	}
	x.open("cac:PartyLegalEntity")
	x.leaf("cbc:RegistrationName", p.Name)
	x.leaf("cbc:CompanyID", companyNumber, "schemeID", schemeBEEnterprise)
	x.close("cac:PartyLegalEntity")
	if p.Email != "" {
		x.open("cac:Contact")
		x.leaf("cbc:ElectronicMail", p.Email)
		x.close("cac:Contact")
	}
	x.close("cac:Party")
}

// paymentMeans writes BG-16: a credit transfer to the seller's account
// with the structured reference, or a direct debit under the buyer's
// mandate. A credit note states its due date here (UBL's CreditNote has no
// DueDate).
func (x *xmlWriter) paymentMeans(d Doc, credit bool) {
	directDebit := d.PaymentMethod == "DIRECT_DEBIT" && d.Kind != KindSelfBilling && !credit
	payee := d.Seller.IBAN
	if credit {
		payee = d.Buyer.IBAN
	}
	if !directDebit && payee == "" {
		// BR-61: a credit transfer names the account it goes to; without
		// one the document states no payment means at all (BG-16 is
		// optional) rather than an invalid one.
		return
	}
	x.open("cac:PaymentMeans")
	if directDebit {
		x.leaf("cbc:PaymentMeansCode", meansDirectDebit)
	} else {
		x.leaf("cbc:PaymentMeansCode", meansCreditTransfer)
	}
	if credit {
		x.leaf("cbc:PaymentDueDate", d.DueDate)
	}
	x.leaf("cbc:PaymentID", d.PaymentReference)
	switch {
	case directDebit:
		// PEPPOL-EN16931-R061: a direct debit names its mandate (unless
		// set, the buyer's mandate is registered under the payment
		// reference) and, within it, the debited account (BT-91).
		x.open("cac:PaymentMandate")
		x.leaf("cbc:ID", mandateReference(d))
		if d.Buyer.IBAN != "" {
			x.open("cac:PayerFinancialAccount")
			x.leaf("cbc:ID", compactIBAN(d.Buyer.IBAN))
			x.close("cac:PayerFinancialAccount")
		}
		x.close("cac:PaymentMandate")
	case credit:
		// a credit is paid to the buyer
		if d.Buyer.IBAN != "" {
			x.open("cac:PayeeFinancialAccount")
			x.leaf("cbc:ID", compactIBAN(d.Buyer.IBAN))
			x.close("cac:PayeeFinancialAccount")
		}
	default:
		if d.Seller.IBAN != "" {
			x.open("cac:PayeeFinancialAccount")
			x.leaf("cbc:ID", compactIBAN(d.Seller.IBAN))
			if d.Seller.BIC != "" {
				x.open("cac:FinancialInstitutionBranch")
				x.leaf("cbc:ID", d.Seller.BIC)
				x.close("cac:FinancialInstitutionBranch")
			}
			x.close("cac:PayeeFinancialAccount")
		}
	}
	x.close("cac:PaymentMeans")
}

func mandateReference(d Doc) string {
	if d.MandateReference != "" {
		return d.MandateReference
	}
	if r := digits(d.PaymentReference); r != "" {
		return r
	}
	return digits(d.Buyer.CompanyNumber)
}

// digits keeps the digits of s (enterprise numbers are written with dots).
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

func compactIBAN(s string) string { return strings.ToUpper(strings.ReplaceAll(s, " ", "")) }

func country(p Party) string {
	if p.Country == "" {
		return "BE"
	}
	return strings.ToUpper(p.Country)
}
