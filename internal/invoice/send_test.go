package invoice_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

func TestSendMailsEachInvoicingContactThePDF(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		invoicingContact(t, e, seed.AcmeOspID, "ina.nl@acme.example", "nl")
		invoicingContact(t, e, seed.AcmeOspID, "ina.fr@acme.example", "fr")
		invoicingContact(t, e, seed.GlobexOspID, "ina@globex.example", "en")
		id, _, number := store(t, e, spec{company: seed.AcmeOspID, paymentMethod: "DIRECT_DEBIT"})
		if err := e.App.Invoices.Send(ctx, id); err != nil {
			t.Fatal(err)
		}
		st, sentAt, peppol := status(t, e, id)
		if st != invoice.StatusSent || sentAt == nil || !sentAt.Equal(e.Clock.Now()) || peppol != "" {
			t.Errorf("after sending: %s %v %q", st, sentAt, peppol)
		}
		nl, fr := e.Mails("ina.nl@acme.example"), e.Mails("ina.fr@acme.example")
		if len(nl) != 1 || len(fr) != 1 || len(e.Mails("ina@globex.example")) != 0 {
			t.Fatalf("mails: %d nl, %d fr, Globex %d", len(nl), len(fr), len(e.Mails("ina@globex.example")))
		}
		if !strings.Contains(nl[0].Subject, "Factuur "+number) || !strings.Contains(nl[0].Body, "€ 166,50") || !strings.Contains(nl[0].Body, "domiciliëring") {
			t.Errorf("Dutch mail %q\n%s", nl[0].Subject, nl[0].Body)
		}
		if !strings.Contains(fr[0].Subject, "Facture "+number) || !strings.Contains(fr[0].Body, "Communication structurée : +++090/9337/55493+++") {
			t.Errorf("French mail %q\n%s", fr[0].Subject, fr[0].Body)
		}
		for _, m := range append(nl, fr...) {
			if len(m.Attachments) != 1 || m.Attachments[0].Filename != number+".pdf" || m.Attachments[0].ContentType != "application/pdf" ||
				!strings.Contains(pdfText(t, m.Attachments[0].Content), number) {
				t.Errorf("attachment of %s: %+v", m.To, m.Attachments)
			}
		}
		// the PDF is the document's (in its language, nl), whoever reads the mail
		if !bytes.Equal(nl[0].Attachments[0].Content, fr[0].Attachments[0].Content) {
			t.Error("the contacts got different PDFs")
		}
	})
}

func TestSendByPeppolSelfBillingAndStatuses(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		invoicingContact(t, e, seed.AcmeOspID, "ina@acme.example", "en")

		// PEPPOL: no mail, waiting for the access point
		peppol, _, _ := store(t, e, spec{company: seed.AcmeOspID, sending: "PEPPOL", month: "202608"})
		if err := e.App.Invoices.Send(ctx, peppol); err != nil {
			t.Fatal(err)
		}
		if st, sentAt, p := status(t, e, peppol); st != invoice.StatusSent || sentAt == nil || p != "PENDING" {
			t.Errorf("Peppol: %s %v %q", st, sentAt, p)
		}
		if n := len(e.Mails("ina@acme.example")); n != 0 {
			t.Errorf("a Peppol document was mailed %d times", n)
		}

		// a prepaid document is PAID when issued, and stays so when sent
		paid, _, _ := store(t, e, spec{company: seed.AcmeOspID, prepaid: true, status: invoice.StatusPaid, month: "202609"})
		if err := e.App.Invoices.Send(ctx, paid); err != nil {
			t.Fatal(err)
		}
		if st, sentAt, _ := status(t, e, paid); st != invoice.StatusPaid || sentAt == nil {
			t.Errorf("prepaid: %s %v", st, sentAt)
		}
		if m := e.Mails("ina@acme.example"); len(m) != 1 || !strings.Contains(m[0].Body, "€0.00") {
			t.Errorf("prepaid mail %+v", m)
		}

		// self-billing: to the provider's address, in the document's language
		sb, _, sbNumber := store(t, e, spec{kind: document.KindSelfBilling, partner: seed.MrpPartnerOspID, language: "fr"})
		if err := e.App.Invoices.Send(ctx, sb); err != nil {
			t.Fatal(err)
		}
		m := e.Mails("billing@bluebikes.example")
		if len(m) != 1 || !strings.Contains(m[0].Subject, "Facture d'autofacturation "+sbNumber) || len(m[0].Attachments) != 1 ||
			!strings.Contains(pdfText(t, m[0].Attachments[0].Content), "Autofacturation") {
			t.Errorf("self-billing mail %+v", m)
		}
		if st, _, _ := status(t, e, sb); st != invoice.StatusSent {
			t.Errorf("self-billing status %s", st)
		}

		// nobody to mail: an error, the document stays CREATED, no mail
		globex, _, _ := store(t, e, spec{company: seed.GlobexOspID})
		err := e.App.Invoices.Send(ctx, globex)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Label != invoice.LabelNoRecipient {
			t.Fatalf("no contact: %v", err)
		}
		if st, sentAt, _ := status(t, e, globex); st != invoice.StatusCreated || sentAt != nil {
			t.Errorf("unsent: %s %v", st, sentAt)
		}
	})
}

func TestSendRouteIsForPlatformStaff(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		invoicingContact(t, e, seed.AcmeOspID, "ina@acme.example", "nl")
		_, osp, _ := store(t, e, spec{company: seed.AcmeOspID})
		_, globexOsp, _ := store(t, e, spec{company: seed.GlobexOspID})
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		if res := e.Post(v1+"/send", e.LoginAs("acme.invoices"), map[string]string{"ospId": osp}); res.Status != http.StatusForbidden {
			t.Errorf("company admin: %d", res.Status)
		}
		admin := e.LoginAs("ospadmin")
		res := e.Post(v1+"/send", admin, map[string]string{"ospId": osp})
		testkit.MustStatus(t, res, http.StatusOK)
		var d invoice.Detail
		res.JSON(t, &d)
		if d.Status != invoice.StatusSent || d.SentAt == "" || len(d.Lines) != 2 {
			t.Errorf("answer %+v", d)
		}
		// sent again: one more mail, the status stays SENT
		testkit.MustStatus(t, e.Post(v1+"/send", admin, map[string]string{"ospId": osp}), http.StatusOK)
		if n := len(e.Mails("ina@acme.example")); n != 2 {
			t.Errorf("%d mails after sending twice", n)
		}
		res = e.Post(v1+"/send", admin, map[string]string{"ospId": globexOsp})
		if res.Status != http.StatusConflict || res.Label() != invoice.LabelNoRecipient {
			t.Errorf("no recipient: %d %s", res.Status, res.Body)
		}
		if res := e.Post(v1+"/send", admin, map[string]string{"ospId": "00000000-0000-4000-8000-000000000000"}); res.Status != http.StatusNotFound {
			t.Errorf("unknown: %d", res.Status)
		}
	})
}

// The monthly run hands each document it issues to Send: Acme's invoicing
// contact receives the month's invoice with its PDF, and sent_at is set.
func TestRunSendsWhatItIssues(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		invoicingContact(t, e, seed.AcmeOspID, "ina@acme.example", "en")
		ca := e.CorporateAccountID(seed.AcmeOspID)
		bookAndRun(t, e, seed.AcmeOspID, "run.sent", time.October)
		var row struct {
			Number string     `db:"number"`
			Status string     `db:"status"`
			SentAt *time.Time `db:"sent_at"`
		}
		if err := e.DB.Get(ctx, &row, `SELECT number, status, sent_at FROM invoices WHERE kind = 'INVOICE' AND corporate_account_id = ? AND month = '202610'`, ca); err != nil {
			t.Fatal(err)
		}
		mails := e.Mails("ina@acme.example")
		// Acme is prepaid: its invoice is PAID from its issue, and sent
		if row.Status != invoice.StatusPaid || row.SentAt == nil || len(mails) != 1 || len(mails[0].Attachments) != 1 || mails[0].Attachments[0].Filename != row.Number+".pdf" {
			t.Fatalf("after the run: %+v, %d mails", row, len(mails))
		}
		// the document is in its first invoicing contact's language (run.go)
		if text := pdfText(t, mails[0].Attachments[0].Content); !strings.Contains(text, row.Number) || !strings.Contains(text, "12.10") ||
			!strings.Contains(text, "Invoice") {
			t.Errorf("the mailed PDF reads:\n%s", text)
		}
	})
}

// bookAndRun books a taxi of € 12,10 (21 % VAT) for a new app user of a
// company in a month of 2026 through the services, then runs the month.
func bookAndRun(t *testing.T, e *testkit.Env, company, login string, month time.Month) {
	t.Helper()
	ctx := context.Background()
	m := time.Date(2026, month, 1, 10, 0, 0, 0, clock.Brussels)
	now := e.Clock.Now()
	e.Clock.Set(m.AddDate(0, 0, 14))
	ca := e.CorporateAccountID(company)
	p := staff()
	if err := e.DB.Get(ctx, &p.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
		t.Fatal(err)
	}
	u := e.NewUser(user.NewUser{Login: login, CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	unlimited, start := true, money.Amount(50000)
	b, err := e.App.Budgets.Create(ctx, p, budget.CreateRequest{Type: "BUSINESS_BUDGET", OwnerOspID: u,
		Data: budget.WriteData{Unlimited: &unlimited, StartAmount: &start}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.App.Expenses.Create(ctx, p, expense.CreateRequest{UserOspID: u, BudgetOspID: b.OspID, Amount: 1210,
		VatPercentage: 21, Description: "Taxi", Date: m.AddDate(0, 0, 9).Format("2006-01-02"), MobilityMode: "CAR"}); err != nil {
		t.Fatal(err)
	}
	e.Clock.Set(now)
	if _, err := e.App.Invoices.RunMonth(ctx, m.Format("200601")); err != nil {
		t.Fatal(err)
	}
}
