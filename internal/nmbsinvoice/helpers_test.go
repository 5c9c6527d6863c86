package nmbsinvoice_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1/upload/invoice"

// fakeOrders stands for internal/order: the orders confirmed per month.
type fakeOrders struct {
	byMonth map[string][]nmbsinvoice.Order // yyyyMM
	calls   int
}

func (f *fakeOrders) ProcessedInMonth(_ context.Context, year int, month time.Month) ([]nmbsinvoice.Order, error) {
	f.calls++
	return f.byMonth[fmt.Sprintf("%04d%02d", year, int(month))], nil
}

// octoberOrder is an order confirmed in October 2026 starting on day.
func octoberOrder(id, company int64, card string, day int, price int64) nmbsinvoice.Order {
	return nmbsinvoice.Order{OrderID: id, CompanyID: company, CardNumber: card,
		ProcessedOn: time.Date(2026, 10, day, 9, 0, 0, 0, clock.Brussels), StartDate: time.Date(2026, 10, day, 0, 0, 0, 0, clock.Brussels),
		PriceCents: price}
}

func withParking(o nmbsinvoice.Order, cents int64) nmbsinvoice.Order {
	o.IncludeParking, o.ParkingCents = true, cents
	return o
}

type lineResult struct {
	Line           int    `json:"line"`
	InvoiceNumber  string `json:"invoiceNumber"`
	CardNumber     string `json:"cardNumber"`
	Outcome        string `json:"outcome"`
	Message        string `json:"message"`
	OrderID        int64  `json:"orderId"`
	InvoicedAmount int64  `json:"invoicedAmount"`
	ExpectedAmount int64  `json:"expectedAmount"`
}

type report struct {
	UploadID     string `json:"uploadId"`
	Provider     string `json:"provider"`
	InvoiceMonth string `json:"invoiceMonth"`
	Status       string `json:"status"`
	Valid        bool   `json:"valid"`
	RowCount     int    `json:"rowCount"`
	Errors       []struct {
		Line     int      `json:"line"`
		Field    string   `json:"field"`
		Messages []string `json:"messages"`
	} `json:"errors"`
	Lines  []lineResult       `json:"lines"`
	Counts nmbsinvoice.Counts `json:"counts"`
}

// upload posts a file as the multipart form of upload/invoice/upload.
func upload(t testing.TB, e *testkit.Env, token, company, provider, name, content string) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("corporateAccountOspId", company)
	_ = mw.WriteField("provider", provider)
	fw, _ := mw.CreateFormFile("file", name)
	fmt.Fprint(fw, content)
	_ = mw.Close()
	return e.Do(testkit.Request{Path: base + "/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// uploadID uploads and answers the text answer: the upload's id.
func uploadID(t testing.TB, e *testkit.Env, token, company, provider, content string) string {
	t.Helper()
	res := upload(t, e, token, company, provider, "invoice.csv", content)
	testkit.MustStatus(t, res, http.StatusOK)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("upload answers %q, not text", ct)
	}
	id := string(res.Body)
	if len(id) != 36 {
		t.Fatalf("upload id %q", id)
	}
	return id
}

func call(t testing.TB, e *testkit.Env, token, what, id string) report {
	t.Helper()
	res := e.Post(base+"/"+what, token, map[string]any{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var r report
	res.JSON(t, &r)
	return r
}

// nmbsFile is an NMBS invoice of October 2026 with the given lines:
// invoice number, card, period start, amount (euro), order reference.
func nmbsFile(lines ...[5]string) string {
	var b strings.Builder
	b.WriteString(strings.Join(nmbsinvoice.Columns(nmbsinvoice.ProviderNMBS), ";") + "\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "%s;202610;ACME;%s;%s;Trajectabonnement 2de klas Gent-Sint-Pieters - Brussel-Zuid;%s;2026-11-%s;%s;6\n",
			l[0], l[4], l[1], l[2], l[2][8:], l[3])
	}
	return b.String()
}

// invoicedCount is how many orders a provider has marked invoiced.
func invoicedCount(t testing.TB, e *testkit.Env, provider string) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM nmbs_invoiced_orders WHERE provider = ?`, provider); err != nil {
		t.Fatal(err)
	}
	return n
}

func outcomes(r report) []string {
	out := make([]string, len(r.Lines))
	for i, l := range r.Lines {
		out[i] = l.Outcome
	}
	return out
}
