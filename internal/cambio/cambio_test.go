package cambio_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

type line struct {
	Line      int    `json:"line"`
	Status    string `json:"status"`
	Key       string `json:"key"`
	Reason    string `json:"reason"`
	OspID     string `json:"ospId"`
	BookingID string `json:"bookingId"`
}

type report struct {
	UploadID string `json:"uploadId"`
	Kind     string `json:"kind"`
	Status   string `json:"status"`
	RowCount int    `json:"rowCount"`
	Errors   []struct {
		Line     int      `json:"line"`
		Field    string   `json:"field"`
		Messages []string `json:"messages"`
	} `json:"errors"`
	Lines            []line `json:"lines"`
	Booked           int    `json:"booked"`
	AlreadyProcessed int    `json:"alreadyProcessed"`
	Failed           int    `json:"failed"`
}

func upload(t testing.TB, e *testkit.Env, token, path, name, content string) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	fmt.Fprint(fw, content)
	_ = mw.Close()
	return e.Do(testkit.Request{Path: path + "/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

func uploadID(t testing.TB, e *testkit.Env, token, path, content string) string {
	t.Helper()
	res := upload(t, e, token, path, "cambio.csv", content)
	testkit.MustStatus(t, res, http.StatusOK)
	return res.Map(t)["uploadId"].(string)
}

func call(t testing.TB, e *testkit.Env, token, path, what, id string) report {
	t.Helper()
	res := e.Post(path+"/"+what, token, map[string]any{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var r report
	res.JSON(t, &r)
	return r
}

func appUser(t testing.TB, e *testkit.Env, login, email, company string) string {
	t.Helper()
	ca := e.CorporateAccountID(company)
	return e.NewUser(user.NewUser{Login: login, Email: email, CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
}

func remaining(t *testing.T, e *testkit.Env, token, budgetOsp string) int64 {
	t.Helper()
	res := e.Post("/portal-service/v1/budget/get", token, map[string]any{"ospId": budgetOsp})
	testkit.MustStatus(t, res, http.StatusOK)
	var b struct {
		Remaining int64 `json:"remaining"`
	}
	res.JSON(t, &b)
	return b.Remaining
}

type expenseRow struct {
	Amount   int64  `db:"amount"`
	Vat      int64  `db:"vat_percentage"`
	Mode     string `db:"mobility_mode"`
	Ext      string `db:"external_reference"`
	Ident    string `db:"identification_field"`
	Date     string `db:"expense_date"`
	BudgetID int64  `db:"budget_id"`
	Desc     string `db:"description"`
}

func expensesOf(t *testing.T, e *testkit.Env, userOsp string) []expenseRow {
	t.Helper()
	var rows []expenseRow
	if err := e.DB.Select(context.Background(), &rows, `SELECT x.amount, x.vat_percentage, x.mobility_mode, x.external_reference,
		x.identification_field, x.expense_date, x.budget_id, x.description FROM expenses x JOIN users u ON u.id = x.user_id
		WHERE u.osp_id = ? ORDER BY x.id`, userOsp); err != nil {
		t.Fatal(err)
	}
	return rows
}

const invoicePath = "/cambio/invoice"
const co2Path = "/cambio/co2"

// A realistic Cambio invoice: lines of two Acme drivers booked to the
// cent as CAR expenses on their mobility budget; a line of a driver with
// a too small limited budget, one whose budget is switched off and one
// matching nobody are FAILED with their reason and left for later; the
// same file processed again, or uploaded again, books nothing twice; once
// the unknown driver exists, a later process books their line.
func TestCambioInvoiceBooksEachLineOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		jan := appUser(t, e, "cambio.jan", "Jan.Cambio@Example.com", seed.AcmeOspID)
		an := appUser(t, e, "cambio.an", "an.cambio@example.com", seed.AcmeOspID)
		poor := appUser(t, e, "cambio.poor", "poor.cambio@example.com", seed.AcmeOspID)
		off := appUser(t, e, "cambio.off", "off.cambio@example.com", seed.AcmeOspID)
		spill := appUser(t, e, "cambio.spill", "spill.cambio@example.com", seed.AcmeOspID)
		spillMob := e.CreateBudget(acme, "MOBILITY_BUDGET", spill, map[string]any{"frequency": "YEAR", "frequencyAmount": 1000, "startAmount": 1000})
		spillBiz := e.CreateBudget(acme, "BUSINESS_BUDGET", spill, map[string]any{"unlimited": true})
		janMob := e.CreateBudget(acme, "MOBILITY_BUDGET", jan, map[string]any{"frequency": "YEAR", "frequencyAmount": 100000, "startAmount": 100000})
		janBiz := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		anBiz := e.CreateBudget(acme, "BUSINESS_BUDGET", an, map[string]any{"unlimited": true})
		poorMob := e.CreateBudget(acme, "MOBILITY_BUDGET", poor, map[string]any{"frequency": "YEAR", "frequencyAmount": 1000, "startAmount": 1000})
		offBiz := e.CreateBudget(acme, "BUSINESS_BUDGET", off, map[string]any{"unlimited": true})
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/deactivate", acme, map[string]any{"ospId": offBiz.OspID}), http.StatusOK)
		janBefore, anBefore, poorBefore := remaining(t, e, acme, janMob.OspID), remaining(t, e, acme, anBiz.OspID), remaining(t, e, acme, poorMob.OspID)

		file := "invoiceNumber;lineId;customerNumber;email;date;description;amount;vatPercentage;km\n" +
			"CB-2026-0042;1;C-1001;jan.cambio@example.com;2026-10-03;Gent Zuid 3 h 42 km;27,35;21;42\n" +
			"CB-2026-0042;2;C-1001;JAN.CAMBIO@EXAMPLE.COM;2026-10-17;Gent Zuid 1 h 8 km;9.10;21;8\n" +
			"\n" +
			"CB-2026-0042;3;C-1002;an.cambio@example.com;2026-10-20;Flagey 5 h 120 km;61.05;21;120\n" +
			"CB-2026-0042;4;C-1003;poor.cambio@example.com;2026-10-21;Flagey 2 h;27.35;21;\n" +
			"CB-2026-0042;5;C-1004;off.cambio@example.com;2026-10-22;Flagey 2 h;12.00;21;\n" +
			"CB-2026-0042;6;C-1005;new.driver@example.com;2026-10-23;Flagey 1 h;7.26;21;\n" +
			"CB-2026-0042;7;C-1006;spill.cambio@example.com;2026-10-24;Flagey 2 h;27.35;21;\n"
		id := uploadID(t, e, staff, invoicePath, file)

		// validate writes nothing and tells what process would do
		before := e.Snapshot()
		rep := call(t, e, staff, invoicePath, "validate", id)
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("validate changed %v", changed)
		}
		if rep.Status != "valid" || rep.RowCount != 7 || len(rep.Lines) != 7 || rep.Lines[0].Status != "BOOKABLE" ||
			rep.Lines[2].Line != 5 || rep.Lines[5].Status != "FAILED" || rep.Lines[5].Reason == "" {
			t.Fatalf("validate: %+v", rep)
		}

		rep = call(t, e, staff, invoicePath, "process", id)
		if rep.Status != "partial" || rep.Booked != 4 || rep.Failed != 3 || rep.AlreadyProcessed != 0 {
			t.Fatalf("process: %+v", rep)
		}
		wantStatus := []string{"BOOKED", "BOOKED", "BOOKED", "FAILED", "FAILED", "FAILED", "BOOKED"}
		for i, l := range rep.Lines {
			if l.Status != wantStatus[i] {
				t.Errorf("line %d: %+v", l.Line, l)
			}
		}
		if !strings.Contains(rep.Lines[3].Reason, "enough") || !strings.Contains(rep.Lines[4].Reason, "deactivated") ||
			!strings.Contains(rep.Lines[5].Reason, "No app user") || rep.Lines[0].BookingID == "" || rep.Lines[0].OspID == "" {
			t.Errorf("reasons: %+v", rep.Lines)
		}
		// to the cent, on the mobility budget first (jan), else the first
		// company-paid one (an's business budget)
		if got := janBefore - remaining(t, e, acme, janMob.OspID); got != 2735+910 {
			t.Errorf("jan's mobility budget moved %d", got)
		}
		if got := remaining(t, e, acme, janBiz.OspID); got != 0 {
			t.Errorf("jan's business budget: %d", got)
		}
		if got := anBefore - remaining(t, e, acme, anBiz.OspID); got != 6105 {
			t.Errorf("an's budget moved %d", got)
		}
		// a mobility budget that holds too little hands the line to the next
		if remaining(t, e, acme, spillMob.OspID) != 1000 || remaining(t, e, acme, spillBiz.OspID) != -2735 {
			t.Errorf("spill: %d %d", remaining(t, e, acme, spillMob.OspID), remaining(t, e, acme, spillBiz.OspID))
		}
		if got := remaining(t, e, acme, poorMob.OspID); got != poorBefore {
			t.Errorf("poor's budget moved: %d -> %d", poorBefore, got)
		}
		xs := expensesOf(t, e, jan)
		if len(xs) != 2 || xs[0].Amount != 2735 || xs[0].Vat != 2100 || xs[0].Mode != "CAR" || xs[0].Ext != "CAMBIO CB-2026-0042/1" ||
			xs[0].Ident != "C-1001" || xs[0].Date != "2026-10-03" || xs[1].Amount != 910 || !strings.HasPrefix(xs[0].Desc, "Cambio") {
			t.Errorf("jan's expenses: %+v", xs)
		}
		if len(expensesOf(t, e, poor)) != 0 || len(expensesOf(t, e, off)) != 0 {
			t.Error("a refused line booked an expense")
		}

		// the same upload processed again, and the same file uploaded
		// again: nothing twice
		for _, again := range []string{id, uploadID(t, e, staff, invoicePath, file)} {
			before := e.Snapshot("cambio_uploads")
			rep = call(t, e, staff, invoicePath, "process", again)
			if rep.Booked != 0 || rep.AlreadyProcessed != 4 || rep.Failed != 3 || rep.Lines[0].BookingID == "" {
				t.Fatalf("again: %+v", rep)
			}
			if changed := e.Snapshot("cambio_uploads").Changed(before); len(changed) > 0 {
				t.Fatalf("a second process changed %v", changed)
			}
		}
		if len(expensesOf(t, e, jan)) != 2 {
			t.Fatal("booked twice")
		}

		// the unknown driver joins Acme: the next process books their line
		newbie := appUser(t, e, "cambio.new", "new.driver@example.com", seed.AcmeOspID)
		e.CreateBudget(acme, "BUSINESS_BUDGET", newbie, map[string]any{"unlimited": true})
		rep = call(t, e, staff, invoicePath, "process", id)
		if rep.Booked != 1 || rep.AlreadyProcessed != 4 || rep.Failed != 2 || rep.Lines[5].Status != "BOOKED" {
			t.Fatalf("later process: %+v", rep)
		}
		if xs := expensesOf(t, e, newbie); len(xs) != 1 || xs[0].Amount != 726 {
			t.Fatalf("newbie: %+v", xs)
		}

		// the history keeps the file, who and when, with the last report
		res := e.Post(invoicePath+"/upload/list", staff, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		var page struct {
			Content []struct {
				UploadID, Filename, Status, CreatedBy, ProcessedBy string
				Report                                             *report
			} `json:"content"`
			TotalElements int `json:"totalElements"`
		}
		res.JSON(t, &page)
		if page.TotalElements != 2 || page.Content[1].UploadID != id || page.Content[1].Status != "PARTIAL" ||
			page.Content[1].CreatedBy == "" || page.Content[1].ProcessedBy == "" || page.Content[1].Report == nil ||
			page.Content[1].Report.Booked != 1 {
			t.Fatalf("history: %s", res.Body)
		}
		dl := e.Do(testkit.Request{Method: http.MethodGet, Path: invoicePath + "/upload/file/" + id, Token: staff})
		testkit.MustStatus(t, dl, http.StatusOK)
		if string(dl.Body) != file || !strings.Contains(dl.Header.Get("Content-Disposition"), "cambio.csv") {
			t.Fatalf("download: %q", dl.Body)
		}
		tpl := e.Do(testkit.Request{Method: http.MethodGet, Path: invoicePath + "/template", Token: staff})
		testkit.MustStatus(t, tpl, http.StatusOK)
		if !strings.HasPrefix(string(tpl.Body), "invoiceNumber;lineId;customerNumber;email;date;description;amount;vatPercentage;km\n") {
			t.Fatalf("template: %q", tpl.Body)
		}
	})
}

// Bad lines: each named with its field and reason, and process writes
// nothing; a file of 501 rows, another format, or missing columns are
// refused at upload.
func TestCambioBadFiles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		jan := appUser(t, e, "cambio.bad", "bad.cambio@example.com", seed.AcmeOspID)
		e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		bad := "invoiceNumber,lineId,email,date,amount,vatPercentage\n" +
			"CB-1,1,bad.cambio@example.com,2026-10-01,10.00,21\n" + // 2: fine
			"CB-1,1,bad.cambio@example.com,2026-10-02,10.00,21\n" + // 3: same key as 2
			"CB-1,3,bad.cambio@example.com,2026-13-01,10.00,21\n" + // 4: no date
			"CB-1,4,bad.cambio@example.com,2026-10-01,12.345,21\n" + // 5: three decimals
			"CB-1,5,bad.cambio@example.com,2026-10-01,-5,21\n" + // 6: negative
			"CB-1,6,bad.cambio@example.com,2026-10-01,99999999999,21\n" + // 7: too large
			"CB-1,7,bad.cambio@example.com,2026-10-01,10.00,121\n" + // 8: VAT
			"CB-1,8,bad.cambio@example.com,9999-10-01,10.00,21\n" + // 9: year 9999
			"CB-1,9,bad.cambio@example.com,2026-12-01,10.00,21\n" + // 10: in the future
			"CB-1,,bad.cambio@example.com,2026-10-01,10.00,21\n" + // 11: no line id
			"CB-1,11,bad.cambio@example.com\x01,2026-10-01,10.00,21\n" + // 12: a control character
			"CB-1,12,bad.cambio@example.com,2024-11-20,10.00,21\n" // 13: more than two years back
		id := uploadID(t, e, staff, invoicePath, bad)
		before := e.Snapshot("cambio_uploads")
		for _, what := range []string{"validate", "process"} {
			rep := call(t, e, staff, invoicePath, what, id)
			want := map[int]string{3: "lineId", 4: "date", 5: "amount", 6: "amount", 7: "amount", 8: "vatPercentage", 9: "date",
				10: "date", 11: "lineId", 12: "email", 13: "date"}
			if rep.Status != "invalid" || len(rep.Lines) != 0 || len(rep.Errors) != len(want) {
				t.Fatalf("%s: %+v", what, rep)
			}
			for _, le := range rep.Errors {
				if want[le.Line] != le.Field || len(le.Messages) == 0 || le.Messages[0] == "" {
					t.Errorf("%s line %d: %s %v", what, le.Line, le.Field, le.Messages)
				}
			}
		}
		if changed := e.Snapshot("cambio_uploads").Changed(before); len(changed) > 0 {
			t.Fatalf("an invalid file changed %v", changed)
		}
		if len(expensesOf(t, e, jan)) != 0 {
			t.Fatal("an invalid file booked")
		}

		var big strings.Builder
		big.WriteString("invoiceNumber,lineId,email,date,amount,vatPercentage\n")
		for i := range 501 {
			fmt.Fprintf(&big, "CB-2,%d,bad.cambio@example.com,2026-10-01,1.00,21\n", i)
		}
		before = e.Snapshot()
		for _, c := range []struct{ path, name, content, label string }{
			{invoicePath, "cambio.csv", big.String(), "TOO_MANY_ROWS"},
			{co2Path, "co2.csv", strings.Replace(big.String(), "invoiceNumber,lineId,email,date,amount,vatPercentage",
				"month,email,km,co2Grams,x,y", 1), "TOO_MANY_ROWS"},
			{invoicePath, "cambio.xml", "<x/>", "UNSUPPORTED_FILE"},
			{invoicePath, "cambio.csv", "invoiceNumber,lineId,email,date,amount,vatPercentage\nCB,1,a@b.c,2026-10-01,1\x00,21\n", "UNSUPPORTED_FILE"},
			{invoicePath, "cambio.csv", "invoiceNumber,email\nCB,a@b.c\n", "MISSING_COLUMNS"},
			{invoicePath, "cambio.csv", "invoiceNumber,lineId,email,date,amount,vatPercentage\n", "EMPTY_FILE"},
		} {
			res := upload(t, e, staff, c.path, c.name, c.content)
			if res.Status != http.StatusBadRequest || res.Label() != c.label {
				t.Errorf("%s %s: %d %s", c.path, c.label, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("a refused upload changed %v", changed)
		}
		// exactly 500 rows are taken
		var ok strings.Builder
		ok.WriteString("invoiceNumber,lineId,email,date,amount,vatPercentage\n")
		for i := range 500 {
			fmt.Fprintf(&ok, "CB-3,%d,bad.cambio@example.com,2026-10-01,1.00,21\n", i)
		}
		testkit.MustStatus(t, upload(t, e, staff, invoicePath, "cambio.csv", ok.String()), http.StatusOK)
	})
}

// CO2 figures per driver and month are stored once and read per company
// within reach (another company's admin gets NOT_FOUND).
func TestCambioCO2(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		e.CompanyAdmin("globex.co2", seed.GlobexOspID, access.ReportingManager)
		globex := e.LoginAs("globex.co2")
		jan := appUser(t, e, "co2.jan", "jan.co2@example.com", seed.AcmeOspID)
		an := appUser(t, e, "co2.an", "an.co2@example.com", seed.AcmeOspID)
		file := "month;customerNumber;email;km;co2Grams\n" +
			"2026-09;C-1;jan.co2@example.com;186;20460\n" +
			"2026-10;C-1;jan.co2@example.com;42;4620\n" +
			"2026-10;C-2;an.co2@example.com;120;13200\n" +
			"2026-10;C-3;nobody.co2@example.com;5;550\n"
		id := uploadID(t, e, staff, co2Path, file)
		rep := call(t, e, staff, co2Path, "process", id)
		if rep.Kind != "CAMBIO_CO2" || rep.Status != "partial" || rep.Booked != 3 || rep.Failed != 1 {
			t.Fatalf("process: %+v", rep)
		}
		again := call(t, e, staff, co2Path, "process", uploadID(t, e, staff, co2Path, file))
		if again.Booked != 0 || again.AlreadyProcessed != 3 || again.Failed != 1 {
			t.Fatalf("again: %+v", again)
		}
		res := e.Post(co2Path+"/get", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "fromMonth": "2026-09",
			"toMonth": "2026-10"})
		testkit.MustStatus(t, res, http.StatusOK)
		var page struct {
			Content []struct {
				UserOspID string `json:"userOspId"`
				Month     string `json:"month"`
				Km        int64  `json:"km"`
				CO2Grams  int64  `json:"co2Grams"`
			} `json:"content"`
			TotalElements int   `json:"totalElements"`
			TotalKm       int64 `json:"totalKm"`
			TotalCO2Grams int64 `json:"totalCo2Grams"`
		}
		res.JSON(t, &page)
		if page.TotalElements != 3 || page.TotalKm != 348 || page.TotalCO2Grams != 38280 || page.Content[0].UserOspID != jan ||
			page.Content[0].Month != "2026-09" || page.Content[0].CO2Grams != 20460 {
			t.Fatalf("co2: %s", res.Body)
		}
		_ = an
		if res := e.Post(co2Path+"/get", globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "fromMonth": "2026-09",
			"toMonth": "2026-10"}); res.Status != http.StatusNotFound {
			t.Fatalf("globex reads acme: %d", res.Status)
		}
		if res := e.Post(co2Path+"/get", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "fromMonth": "1900-01",
			"toMonth": "9999-12"}); res.Status != http.StatusBadRequest {
			t.Fatalf("absurd months: %d", res.Status)
		}
		// bad lines
		bad := "month,email,km,co2Grams\n2026-13,jan.co2@example.com,1,1\n2026-08,jan.co2@example.com,-1,1\n" +
			"2026-08,jan.co2@example.com,1,99999999999\n2026-08,,1,1\n"
		rep = call(t, e, staff, co2Path, "process", uploadID(t, e, staff, co2Path, bad))
		if rep.Status != "invalid" || len(rep.Errors) != 4 {
			t.Fatalf("bad co2: %+v", rep)
		}
	})
}

// Only platform staff upload, validate, process and download; a company
// admin is refused and changes nothing (the route matrix walks every role
// and tenant; this shows the bodies).
func TestCambioStaffOnly(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		id := uploadID(t, e, staff, invoicePath, "invoiceNumber,lineId,email,date,amount,vatPercentage\nCB,1,x@y.z,2026-10-01,1.00,21\n")
		before := e.Snapshot()
		if res := upload(t, e, acme, invoicePath, "c.csv", "invoiceNumber,lineId,email,date,amount,vatPercentage\nCB,1,x@y.z,2026-10-01,1.00,21\n"); res.Status != http.StatusForbidden {
			t.Fatalf("acme uploads: %d", res.Status)
		}
		for _, what := range []string{"validate", "process"} {
			if res := e.Post(invoicePath+"/"+what, acme, map[string]any{"uploadId": id}); res.Status != http.StatusForbidden {
				t.Fatalf("acme %s: %d", what, res.Status)
			}
		}
		if res := e.Do(testkit.Request{Method: http.MethodGet, Path: invoicePath + "/upload/file/" + id, Token: acme}); res.Status != http.StatusForbidden {
			t.Fatalf("acme downloads: %d", res.Status)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		// a CO2 upload's id is no invoice upload
		co2 := uploadID(t, e, staff, co2Path, "month,email,km,co2Grams\n2026-10,x@y.z,1,1\n")
		if res := e.Post(invoicePath+"/process", staff, map[string]any{"uploadId": co2}); res.Status != http.StatusNotFound {
			t.Fatalf("co2 id as invoice: %d", res.Status)
		}
	})
}
