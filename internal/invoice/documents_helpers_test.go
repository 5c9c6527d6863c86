package invoice_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// spec is a stored document for the document tests: the run is H1's and
// tested there; these tests need documents of every kind, status and
// sending method, so they store them as the run does (rows, lines, items).
type spec struct {
	kind          string
	company       string // company ospId (company documents)
	partner       string // the MRP partner's ospId (self-billing)
	month         string
	status        string
	sending       string // EMAIL or PEPPOL
	paymentMethod string
	prepaid       bool
	items         int // items behind the lines (0: no detail CSV)
	language      string
	creditedID    int64
	lines         []document.Line
}

var (
	platformParty = document.Party{Name: "Mobility Platform NV", Street: "Kunstlaan", StreetNumber: "1", ZipCode: "1000", City: "Brussel",
		Country: "BE", VatNumber: "BE0403170701", CompanyNumber: "0403170701", IBAN: "BE71096123456769", BIC: "GKCCBEBB"}
	seq = map[*database.DB]int{}
)

func defaultLines() []document.Line {
	return []document.Line{
		{Position: 1, LineType: "EXPENSES", Description: "Trein", MobilityMode: "TRAIN", QuantityMilli: 1000, UnitCode: "C62", UnitPrice: 10000, NetAmount: 10000, VatCategory: "S", VatBasisPoints: 600},
		{Position: 2, LineType: "EXPENSES", Description: "Taxi", MobilityMode: "CAR", QuantityMilli: 1000, UnitCode: "C62", UnitPrice: 5000, NetAmount: 5000, VatCategory: "S", VatBasisPoints: 2100},
	}
}

// store inserts a document and answers its id, ospId and number.
func store(t testing.TB, e *testkit.Env, s spec) (int64, string, string) {
	t.Helper()
	ctx := context.Background()
	if s.kind == "" {
		s.kind = document.KindInvoice
	}
	if s.month == "" {
		s.month = "202610"
	}
	if s.status == "" {
		s.status = invoice.StatusCreated
	}
	if s.sending == "" {
		s.sending = "EMAIL"
	}
	if s.paymentMethod == "" {
		s.paymentMethod = "MANUAL"
	}
	if s.language == "" {
		s.language = "nl"
	}
	if s.lines == nil {
		s.lines = defaultLines()
	}
	totals, err := invoice.ComputeTotals(s.lines)
	if err != nil {
		t.Fatal(err)
	}
	seq[e.DB]++
	n := seq[e.DB]
	series := "INV"
	var companyID, partnerID any
	seller, buyer := platformParty, document.Party{}
	if s.kind == document.KindSelfBilling {
		series = "SB"
		partnerID = e.PartnerID(s.partner)
		seller = document.Party{Name: "Blue Bikes CV", Street: "Stationsplein", StreetNumber: "3", ZipCode: "9000", City: "Gent",
			Country: "BE", VatNumber: "BE0417497106", CompanyNumber: "0417497106", Email: "billing@bluebikes.example", IBAN: "BE62510007547061"}
		buyer = platformParty
	} else {
		companyID = e.CorporateAccountID(s.company)
		buyer = document.Party{Name: "Company " + s.company[:4], Street: "Rue Haute", StreetNumber: "5", ZipCode: "1000", City: "Bruxelles",
			Country: "BE", VatNumber: "BE0202239951", CompanyNumber: "0202239951"}
	}
	sj, _ := json.Marshal(seller)
	bj, _ := json.Marshal(buyer)
	number := fmt.Sprintf("%s-2026-%06d", series, n)
	prepaid := int64(0)
	if s.prepaid {
		prepaid = totals.Total
	}
	var credited any
	if s.creditedID != 0 {
		credited = s.creditedID
	}
	osp := uuid.NewString()
	id, err := e.DB.Insert(ctx, `INSERT INTO invoices (osp_id, kind, series, year, seq, number, corporate_account_id, partner_id, month,
		issue_date, due_date, credited_invoice_id, currency, net_amount, vat_amount, total_amount, prepaid_amount, payable_amount,
		paid_amount, status, payment_reference, po_number, contract_type, payment_type, payment_method, sending_method, vat_liable,
		language, seller_json, buyer_json, created_at)
		VALUES (?, ?, ?, 2026, ?, ?, ?, ?, ?, '2026-11-02', '2026-12-02', ?, 'EUR', ?, ?, ?, ?, ?, 0, ?, '+++090/9337/55493+++', '', '', '', ?, ?, TRUE,
		?, ?, ?, ?) RETURNING id`,
		osp, s.kind, series, n, number, companyID, partnerID, s.month, credited, totals.Net, totals.Vat, totals.Total, prepaid,
		totals.Total-prepaid, s.status, s.paymentMethod, s.sending, s.language, string(sj), string(bj), database.Now(e.Clock.Now()))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range s.lines {
		if _, err := e.DB.Exec(ctx, `INSERT INTO invoice_lines (invoice_id, position, line_type, description, mobility_mode, quantity_milli,
			unit_code, unit_price, net_amount, vat_category, vat_basis_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, l.Position, l.LineType, l.Description, l.MobilityMode, l.QuantityMilli, l.UnitCode, l.UnitPrice, l.NetAmount,
			l.VatCategory, l.VatBasisPoints); err != nil {
			t.Fatal(err)
		}
	}
	for i := range s.items {
		if _, err := e.DB.Exec(ctx, `INSERT INTO invoice_line_items (invoice_id, item, position, item_type, reference, booking_id,
			user_osp_id, user_name, item_date, mobility_mode, description, gross_amount, vat_basis_points)
			VALUES (?, ?, 1, 'EXPENSE', ?, ?, 'u-1', 'Jan Peeters', '2026-10-03', 'TRAIN', '=cmd', 5300, 600)`,
			id, i+1, fmt.Sprintf("exp-%d", i+1), fmt.Sprintf("B-%d", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	return id, osp, number
}

// staff is a platform staff principal (the service's direct callers).
func staff() *access.Principal {
	return &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
}

// invoicingContact adds an active invoicing contact to a company.
func invoicingContact(t testing.TB, e *testkit.Env, company, email, lang string) {
	t.Helper()
	if _, err := e.App.Users.CreateContact(context.Background(), staff(), user.CreateContactRequest{
		CorporateAccount: user.Ref{OspID: company},
		UserData:         user.UserData{Firstname: "Ina", Lastname: "Voice", Email: email, Language: lang},
		ContactTypes:     []string{user.ContactInvoicing}, SendCredentials: new(bool)}); err != nil {
		t.Fatal(err)
	}
}

// status reads a document's status, sent_at and peppol_status.
func status(t testing.TB, e *testkit.Env, id int64) (string, *time.Time, string) {
	t.Helper()
	var r struct {
		Status string     `db:"status"`
		SentAt *time.Time `db:"sent_at"`
		Peppol string     `db:"peppol_status"`
	}
	if err := e.DB.Get(context.Background(), &r, `SELECT status, sent_at, peppol_status FROM invoices WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	return r.Status, r.SentAt, r.Peppol
}

var _ = seed.AcmeOspID
