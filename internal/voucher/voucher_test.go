package voucher_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const base = "/portal-service/v1/voucher"

type report struct {
	Status   string `json:"status"`
	Kind     string `json:"kind"`
	RowCount int    `json:"rowCount"`
	Errors   []struct {
		Line     int      `json:"line"`
		Field    string   `json:"field"`
		Messages []string `json:"messages"`
	} `json:"errors"`
	Lines []struct {
		Line   int    `json:"line"`
		Status string `json:"status"`
		Key    string `json:"key"`
		OspID  string `json:"ospId"`
	} `json:"lines"`
	Booked           int `json:"booked"`
	AlreadyProcessed int `json:"alreadyProcessed"`
	Failed           int `json:"failed"`
}

type voucher struct {
	OspID, Code, ValidFrom, ValidUntil, Status, Description string
	Value                                                   int64
	CorporateAccountOspID, UserOspID, UserName              string
	RedeemedAt, RedeemedByOspID, RedeemedReference          string
}

func upload(t testing.TB, e *testkit.Env, token, company, name, content string) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("corporateAccountOspId", company)
	fw, _ := mw.CreateFormFile("file", name)
	fmt.Fprint(fw, content)
	_ = mw.Close()
	return e.Do(testkit.Request{Path: base + "/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

func uploadID(t testing.TB, e *testkit.Env, token, company, content string) string {
	t.Helper()
	res := upload(t, e, token, company, "vouchers.csv", content)
	testkit.MustStatus(t, res, http.StatusOK)
	return res.Map(t)["uploadId"].(string)
}

func call(t testing.TB, e *testkit.Env, token, what, id string) report {
	t.Helper()
	res := e.Post(base+"/"+what, token, map[string]any{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var r report
	res.JSON(t, &r)
	return r
}

func list(t *testing.T, e *testkit.Env, token string, body map[string]any) []voucher {
	t.Helper()
	res := e.Post(base+"/list", token, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var page struct {
		Content []voucher `json:"content"`
	}
	res.JSON(t, &page)
	return page.Content
}

func appUser(t testing.TB, e *testkit.Env, login, company string) string {
	t.Helper()
	ca := e.CorporateAccountID(company)
	return e.NewUser(user.NewUser{Login: login, CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
}

// Vouchers for Acme: a realistic file stored to the cent with its owners;
// validate writes nothing; the same file processed or uploaded again
// stores nothing twice; Acme's admin lists them, Globex's does not see
// them.
func TestVoucherFile(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		globex := e.LoginAs("globex.admin")
		jan := appUser(t, e, "voucher.jan", seed.AcmeOspID)
		file := "code;value;validFrom;validUntil;userOspId;description\n" +
			"acme-taxi-0001;25,00;2026-01-01;2026-12-31;" + jan + ";Taxi voucher\n" +
			"ACME-TAXI-0002;25.5;2026-01-01;2026-12-31;;Taxi voucher\n" +
			"ACME-OLD-0003;10;2025-01-01;2025-12-31;;Expired one\n"
		id := uploadID(t, e, staff, seed.AcmeOspID, file)
		before := e.Snapshot()
		rep := call(t, e, staff, "validate", id)
		if rep.Status != "valid" || rep.Kind != "VOUCHER" || len(rep.Lines) != 3 || rep.Lines[0].Status != "BOOKABLE" ||
			rep.Lines[0].Key != "ACME-TAXI-0001" {
			t.Fatalf("validate: %+v", rep)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("validate changed %v", changed)
		}
		rep = call(t, e, staff, "process", id)
		if rep.Status != "processed" || rep.Booked != 3 || rep.Lines[1].Status != "BOOKED" {
			t.Fatalf("process: %+v", rep)
		}
		vs := list(t, e, acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		if len(vs) != 3 {
			t.Fatalf("list: %+v", vs)
		}
		// newest first: the file's last line first
		if vs[2].Code != "ACME-TAXI-0001" || vs[2].Value != 2500 || vs[2].UserOspID != jan || vs[2].Status != "ISSUED" ||
			vs[2].ValidUntil != "2026-12-31" || vs[2].Description != "Taxi voucher" || vs[1].Value != 2550 || vs[1].UserOspID != "" ||
			vs[0].Status != "EXPIRED" {
			t.Fatalf("vouchers: %+v", vs)
		}
		if got := list(t, e, acme, map[string]any{"status": "EXPIRED"}); len(got) != 1 || got[0].Code != "ACME-OLD-0003" {
			t.Fatalf("expired: %+v", got)
		}
		if got := list(t, e, globex, map[string]any{}); len(got) != 0 {
			t.Fatalf("globex sees %+v", got)
		}
		if res := e.Post(base+"/list", globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); res.Status != http.StatusNotFound {
			t.Fatalf("globex asks acme's: %d", res.Status)
		}

		// again: the same upload answers its report, the same file
		// uploaded again stores nothing
		before = e.Snapshot("voucher_uploads")
		if again := call(t, e, staff, "process", id); again.Booked != 3 {
			t.Fatalf("second process: %+v", again)
		}
		again := call(t, e, staff, "process", uploadID(t, e, staff, seed.AcmeOspID, file))
		if again.Status != "processed" || again.Booked != 0 || again.AlreadyProcessed != 3 || again.Lines[0].OspID != vs[2].OspID {
			t.Fatalf("same file again: %+v", again)
		}
		if changed := e.Snapshot("voucher_uploads").Changed(before); len(changed) > 0 {
			t.Fatalf("the file again changed %v", changed)
		}
		// the code belongs to Acme: Globex's file may not take it
		rep = call(t, e, staff, "process", uploadID(t, e, staff, seed.GlobexOspID,
			"code,value,validFrom,validUntil\nACME-TAXI-0002,5,2026-01-01,2026-12-31\n"))
		if rep.Status != "invalid" || len(rep.Errors) != 1 || rep.Errors[0].Field != "code" {
			t.Fatalf("taken code: %+v", rep)
		}

		// the history and the file as uploaded
		res := e.Post(base+"/upload/list", staff, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		if !strings.Contains(string(res.Body), `"corporateAccountOspId":"`+seed.AcmeOspID+`"`) ||
			!strings.Contains(string(res.Body), `"totalElements":3`) {
			t.Fatalf("history: %s", res.Body)
		}
		dl := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/upload/file/" + id, Token: staff})
		testkit.MustStatus(t, dl, http.StatusOK)
		if string(dl.Body) != file {
			t.Fatalf("download: %q", dl.Body)
		}
		tpl := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template", Token: staff})
		testkit.MustStatus(t, tpl, http.StatusOK)
		if !strings.HasPrefix(string(tpl.Body), "code;value;validFrom;validUntil;userOspId;description\n") {
			t.Fatalf("template: %q", tpl.Body)
		}
		// only platform staff load files
		before = e.Snapshot()
		if res := upload(t, e, acme, seed.AcmeOspID, "v.csv", file); res.Status != http.StatusForbidden {
			t.Fatalf("acme uploads: %d", res.Status)
		}
		if res := e.Post(base+"/process", acme, map[string]any{"uploadId": id}); res.Status != http.StatusForbidden {
			t.Fatalf("acme processes: %d", res.Status)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
	})
}

// Bad lines are named with field and reason and nothing is stored; 501
// rows, another format or missing columns are refused at upload.
func TestVoucherBadFiles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		globexUser := appUser(t, e, "voucher.globex", seed.GlobexOspID)
		bad := "code,value,validFrom,validUntil,userOspId\n" +
			"GOOD-0001,10,2026-01-01,2026-12-31,\n" + // 2: fine
			"GOOD-0001,10,2026-01-01,2026-12-31,\n" + // 3: same code as 2
			"X1,10,2026-01-01,2026-12-31,\n" + // 4: too short
			"BAD CODE!,10,2026-01-01,2026-12-31,\n" + // 5: characters
			"GOOD-0005,0,2026-01-01,2026-12-31,\n" + // 6: zero
			"GOOD-0006,100000000.01,2026-01-01,2026-12-31,\n" + // 7: too large
			"GOOD-0007,10,1900-01-01,2026-12-31,\n" + // 8: 1900
			"GOOD-0008,10,2026-12-31,2026-01-01,\n" + // 9: until before from
			"GOOD-0009,10,2026-01-01,2026-12-31," + globexUser + "\n" + // 10: Globex's user
			"GOOD-0010,10,2026-01-01,9999-12-31,\n" + // 11: 9999
			"," + strings.Repeat("A", 5000) + ",2026-01-01,2026-12-31,\n" // 12: no code, huge value
		id := uploadID(t, e, staff, seed.AcmeOspID, bad)
		before := e.Snapshot("voucher_uploads")
		for _, what := range []string{"validate", "process"} {
			rep := call(t, e, staff, what, id)
			want := map[int][]string{3: {"code"}, 4: {"code"}, 5: {"code"}, 6: {"value"}, 7: {"value"}, 8: {"validFrom"},
				9: {"validUntil"}, 10: {"userOspId"}, 11: {"validUntil"}, 12: {"code", "value"}}
			got := map[int][]string{}
			for _, le := range rep.Errors {
				if len(le.Messages) == 0 || le.Messages[0] == "" {
					t.Errorf("line %d has no message", le.Line)
				}
				got[le.Line] = append(got[le.Line], le.Field)
			}
			if rep.Status != "invalid" || len(rep.Lines) != 0 || len(got) != len(want) {
				t.Fatalf("%s: %+v", what, rep)
			}
			for l, fs := range want {
				if !slices.Equal(got[l], fs) {
					t.Errorf("%s line %d: %v, want %v", what, l, got[l], fs)
				}
			}
		}
		if changed := e.Snapshot("voucher_uploads").Changed(before); len(changed) > 0 {
			t.Fatalf("an invalid file changed %v", changed)
		}
		var big strings.Builder
		big.WriteString("code,value,validFrom,validUntil\n")
		for i := range 501 {
			fmt.Fprintf(&big, "BIG-%04d,1,2026-01-01,2026-12-31\n", i)
		}
		before = e.Snapshot()
		for _, c := range []struct{ company, name, content, label string }{
			{seed.AcmeOspID, "v.csv", big.String(), "TOO_MANY_ROWS"},
			{seed.AcmeOspID, "v.xlsx", "PK", "UNSUPPORTED_FILE"},
			{seed.AcmeOspID, "v.csv", "code,value\nA-0001,1\n", "MISSING_COLUMNS"},
			{"", "v.csv", "code,value,validFrom,validUntil\nA-0001,1,2026-01-01,2026-12-31\n", "VALIDATION_FAILED"},
			{"00000000-0000-4000-8000-000000000000", "v.csv", "code,value,validFrom,validUntil\nA-0001,1,2026-01-01,2026-12-31\n", "NOT_FOUND"},
		} {
			res := upload(t, e, staff, c.company, c.name, c.content)
			if res.Status >= 500 || res.Status < 400 || res.Label() != c.label {
				t.Errorf("%s: %d %s", c.label, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("a refused upload changed %v", changed)
		}
	})
}

// Redeeming records who used a voucher, once, within validity and reach;
// the dashboard's user search finds the owner and the user who redeemed
// it by the code, with VOUCHER_CODE (the ticket icon), within scope.
func TestRedeemAndSearch(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		globex := e.LoginAs("globex.admin")
		jan := appUser(t, e, "voucher.owner", seed.AcmeOspID)
		an := appUser(t, e, "voucher.other", seed.AcmeOspID)
		globexUser := appUser(t, e, "voucher.globex2", seed.GlobexOspID)
		file := "code,value,validFrom,validUntil,userOspId\n" +
			"JAN-TAXI-0001,25,2026-01-01,2026-12-31," + jan + "\n" +
			"ACME-FREE-0002,10,2026-01-01,2026-12-31,\n" +
			"ACME-LATE-0003,10,2027-01-01,2027-12-31,\n"
		call(t, e, staff, "process", uploadID(t, e, staff, seed.AcmeOspID, file))

		redeem := func(token, code, userOsp string) *testkit.Response {
			return e.Post(base+"/redeem", token, map[string]any{"code": code, "userOspId": userOsp, "reference": "ride 42"})
		}
		before := e.Snapshot()
		for _, c := range []struct {
			token, code, user string
			status            int
			field             string
		}{
			{acme, "JAN-TAXI-0001", an, 400, "userOspId"},    // jan's, not an's
			{acme, "ACME-LATE-0003", an, 400, "code"},        // not valid yet
			{acme, "NOPE-0000", an, 404, ""},                 // unknown
			{globex, "ACME-FREE-0002", globexUser, 404, ""},  // Acme's voucher, not in Globex's reach
			{acme, "ACME-FREE-0002", globexUser, 404, ""},    // Globex's user, not in Acme's reach
			{acme, strings.Repeat("A", 41), an, 400, "code"}, // too long
		} {
			res := redeem(c.token, c.code, c.user)
			if res.Status != c.status || (c.field != "" && res.Field() != c.field) {
				t.Errorf("redeem %s by %s: %d %s", c.code, c.user, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused redeems changed %v", changed)
		}
		res := redeem(acme, "jan-taxi-0001", jan)
		testkit.MustStatus(t, res, http.StatusOK)
		var v voucher
		res.JSON(t, &v)
		if v.Status != "REDEEMED" || v.RedeemedByOspID != jan || v.RedeemedReference != "ride 42" || v.RedeemedAt == "" {
			t.Fatalf("redeemed: %+v", v)
		}
		if res := redeem(acme, "JAN-TAXI-0001", jan); res.Status != 400 || res.Field() != "code" {
			t.Fatalf("twice: %d %s", res.Status, res.Body)
		}
		testkit.MustStatus(t, redeem(acme, "ACME-FREE-0002", an), http.StatusOK)
		var redeemedBy string
		if err := e.DB.Get(context.Background(), &redeemedBy, `SELECT u.osp_id FROM vouchers v JOIN users u ON u.id = v.redeemed_by
			WHERE v.code = 'ACME-FREE-0002' AND v.status = 'REDEEMED'`); err != nil || redeemedBy != an {
			t.Fatalf("stored redemption: %q %v", redeemedBy, err)
		}

		search := func(token, q string) map[string][]string {
			res := e.Post("/portal-service/v1/user/getByFilter", token, map[string]any{"search": q})
			testkit.MustStatus(t, res, http.StatusOK)
			var page struct {
				Content []struct {
					OspID           string   `json:"ospId"`
					SearchMatchedOn []string `json:"searchMatchedOn"`
				} `json:"content"`
			}
			res.JSON(t, &page)
			out := map[string][]string{}
			for _, h := range page.Content {
				out[h.OspID] = h.SearchMatchedOn
			}
			return out
		}
		// the code's owner and who redeemed a company voucher
		if hits := search(acme, "jan-taxi-0001"); len(hits) != 1 || !slices.Contains(hits[jan], "VOUCHER_CODE") {
			t.Fatalf("search by jan's code: %+v", hits)
		}
		if hits := search(staff, "ACME-FREE-0002"); len(hits) != 1 || !slices.Equal(hits[an], []string{"VOUCHER_CODE"}) {
			t.Fatalf("search by the company code: %+v", hits)
		}
		// another tenant finds nobody by Acme's code; a name search has no ticket
		if hits := search(globex, "JAN-TAXI-0001"); len(hits) != 0 {
			t.Fatalf("globex finds %+v", hits)
		}
		if hits := search(acme, "voucher.owner"); slices.Contains(hits[jan], "VOUCHER_CODE") {
			t.Fatalf("name search: %+v", hits)
		}
		// the list by user: what jan holds and used
		if got := list(t, e, acme, map[string]any{"userOspId": jan}); len(got) != 1 || got[0].Status != "REDEEMED" {
			t.Fatalf("jan's vouchers: %+v", got)
		}
	})
}
