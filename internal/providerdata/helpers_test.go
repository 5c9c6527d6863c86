package providerdata_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const base = "/portal-service/v1/upload"

func upload(t testing.TB, e *testkit.Env, token, kind, filename string, content []byte) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("kind", kind)
	fw, _ := mw.CreateFormFile("file", filename)
	_, _ = fw.Write(content)
	_ = mw.Close()
	return e.Do(testkit.Request{Path: base + "/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// uploadOK uploads and answers the upload id.
func uploadOK(t testing.TB, e *testkit.Env, token, kind, filename string, content []byte) string {
	t.Helper()
	res := upload(t, e, token, kind, filename, content)
	testkit.MustStatus(t, res, http.StatusOK)
	var u providerdata.Uploaded
	res.JSON(t, &u)
	return u.UploadID
}

func call(t testing.TB, e *testkit.Env, token, what, id string) providerdata.Report {
	t.Helper()
	res := e.Post(base+"/"+what, token, map[string]any{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var r providerdata.Report
	res.JSON(t, &r)
	return r
}

// appUser makes an Acme app user.
func appUser(t testing.TB, e *testkit.Env, login string) string {
	t.Helper()
	ca := e.CorporateAccountID(seed.AcmeOspID)
	return e.NewUser(user.NewUser{Login: login, Firstname: "App", Lastname: login, Email: login + "@example.com",
		CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
}

// token gives a user an identification token through the API.
func token(t testing.TB, e *testkit.Env, admin, userOsp, typ, field, value string, validFrom *string) {
	t.Helper()
	body := map[string]any{"userOspId": userOsp, "type": typ, "fields": []map[string]any{{"fieldType": field, "value": value}}}
	if validFrom != nil {
		body["validFrom"] = *validFrom
	}
	testkit.MustStatus(t, e.Post("/portal-service/v1/user/identificationToken/add", admin, body), http.StatusOK)
}

func balance(t testing.TB, e *testkit.Env, osp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return b
}

func count(t testing.TB, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

type storedExpense struct {
	BookingID   string `db:"booking_id"`
	Amount      int64  `db:"amount"`
	Vat         int64  `db:"vat_percentage"`
	Mode        string `db:"mobility_mode"`
	Date        string `db:"expense_date"`
	ExtRef      string `db:"external_reference"`
	Ident       string `db:"identification_field"`
	Description string `db:"description"`
	BudgetOsp   string `db:"budget_osp"`
}

func expenseByBooking(t testing.TB, e *testkit.Env, bookingID string) storedExpense {
	t.Helper()
	var x storedExpense
	if err := e.DB.Get(context.Background(), &x, `SELECT x.booking_id, x.amount, x.vat_percentage, x.mobility_mode, x.expense_date,
		x.external_reference, x.identification_field, x.description, b.osp_id AS budget_osp FROM expenses x
		JOIN budgets b ON b.id = x.budget_id WHERE x.booking_id = ?`, bookingID); err != nil {
		t.Fatalf("expense %s: %v", bookingID, err)
	}
	return x
}

// xlsxOf builds an XLSX file of rows.
func xlsxOf(t testing.TB, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cells := make([]any, len(r))
		for j, c := range r {
			cells[j] = c
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, cells); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func outcomes(r providerdata.Report) map[int]string {
	out := map[int]string{}
	for _, l := range r.Lines {
		out[l.Line] = l.Outcome
		if l.Reason != "" {
			out[l.Line] += ":" + l.Reason
		}
	}
	return out
}

func mustEqual(t testing.TB, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
}
