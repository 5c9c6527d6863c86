package user_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const userBase = "/portal-service/v1/user"

// uploadFile posts a multipart import file as the web app does.
func uploadFile(e *testkit.Env, token, company, kind, filename string, content []byte) *testkit.Response {
	e.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("corporateAccountOspId", company)
	_ = mw.WriteField("kind", kind)
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		e.T.Fatal(err)
	}
	_, _ = fw.Write(content)
	_ = mw.Close()
	return e.Do(testkit.Request{Method: http.MethodPost, Path: userBase + "/upload/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

type uploadResult struct {
	UploadID   string `json:"uploadId"`
	RowCount   int    `json:"rowCount"`
	SameFileAs string `json:"sameFileAs"`
}

type lineError struct {
	Line     int      `json:"line"`
	Field    string   `json:"field"`
	Messages []string `json:"messages"`
}

type importReport struct {
	Status           string      `json:"status"`
	RowCount         int         `json:"rowCount"`
	Errors           []lineError `json:"errors"`
	ToCreate         int         `json:"toCreate"`
	ToUpdate         int         `json:"toUpdate"`
	Skipped          int         `json:"skipped"`
	AlreadyProcessed int         `json:"alreadyProcessed"`
}

type processReport struct {
	Status           string `json:"status"`
	Created          int    `json:"created"`
	Updated          int    `json:"updated"`
	Skipped          int    `json:"skipped"`
	AlreadyProcessed int    `json:"alreadyProcessed"`
	Rows             []struct {
		Line      int    `json:"line"`
		Outcome   string `json:"outcome"`
		UserOspID string `json:"userOspId"`
	} `json:"rows"`
}

// mustUpload uploads and returns the upload id.
func mustUpload(t *testing.T, e *testkit.Env, token, kind, filename string, content []byte) uploadResult {
	t.Helper()
	res := uploadFile(e, token, seed.AcmeOspID, kind, filename, content)
	testkit.MustStatus(t, res, http.StatusOK)
	var up uploadResult
	res.JSON(t, &up)
	return up
}

func validateUpload(t *testing.T, e *testkit.Env, token, id string) importReport {
	t.Helper()
	res := e.Post(userBase+"/upload/validate", token, map[string]string{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var rep importReport
	res.JSON(t, &rep)
	return rep
}

func processUpload(t *testing.T, e *testkit.Env, token, id string) processReport {
	t.Helper()
	res := e.Post(userBase+"/upload/process", token, map[string]string{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var rep processReport
	res.JSON(t, &rep)
	return rep
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

// goodCSV is three valid app users the Belgian way: BOM, ';', dd/MM/yyyy.
var goodCSV = []byte("\xef\xbb\xbffirstname;lastname;email;login;msisdn;birthdate;workCity\r\n" +
	"Piet;Janssens;piet@example.com;piet.janssens;0470 12 34 56;15/01/1990;Gent\r\n" +
	"Marie;Claes;marie@example.com;marie.claes;;1985-03-02;\r\n" +
	"\r\n" +
	"Karel;Wouters;karel@example.com;Karel.Wouters;+32471987654;;Leuven\r\n")

func goodXLSX(t *testing.T) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	rows := [][]any{
		{"firstname", "lastname", "email", "login", "birthdate", "extId"},
		{"Xavier", "Excel", "xavier@example.com", "xavier.excel", time.Date(1991, 7, 4, 0, 0, 0, 0, time.UTC), "X-1"},
		{"Yara", "Excel", "yara@example.com", "yara.excel", "04/08/1992", "X-2"},
		{"Zeno", "Excel", "zeno@example.com", "zeno.excel", nil, "X-3"},
	}
	for i, r := range rows {
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &r); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// assertImported checks the stored state of imported app users.
func assertImported(t *testing.T, e *testkit.Env, logins []string, emails []string) {
	t.Helper()
	for i, login := range logins {
		var u struct {
			Company string `db:"osp_id"`
			Type    string `db:"user_type"`
			Active  bool   `db:"active"`
		}
		if err := e.DB.Get(context.Background(), &u, `SELECT ca.osp_id, u.user_type, u.active FROM users u
			JOIN corporate_accounts ca ON ca.id = u.corporate_account_id WHERE u.login = ?`, login); err != nil {
			t.Fatalf("%s not stored: %v", login, err)
		}
		if u.Company != seed.AcmeOspID || u.Type != user.TypeMobile || !u.Active {
			t.Errorf("%s stored as %+v", login, u)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.login = ? AND r.role = ?`,
			login, string(access.OspUser)); n != 1 {
			t.Errorf("%s: no role ospuser", login)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM user_group_members m JOIN user_groups g ON g.id = m.user_group_id
			JOIN users u ON u.id = m.user_id WHERE u.login = ? AND g.ext_id = 'ALL_ACME_USERS'`, login); n != 1 {
			t.Errorf("%s: not in the default group", login)
		}
		if m := e.Mails(emails[i]); len(m) != 1 || m[0].Template != "credentials_mobile" {
			t.Errorf("%s: mails %+v", emails[i], m)
		}
	}
}

func TestImportCreate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		before := count(t, e, `SELECT COUNT(*) FROM users`)

		// CSV
		up := mustUpload(t, e, token, "create", "users.csv", goodCSV)
		if up.RowCount != 3 || up.UploadID == "" {
			t.Fatalf("upload: %+v", up)
		}
		var stored struct {
			Status   string `db:"status"`
			Rows     int    `db:"row_count"`
			Hash     string `db:"file_hash"`
			Filename string `db:"filename"`
		}
		if err := e.DB.Get(context.Background(), &stored, `SELECT status, row_count, file_hash, filename FROM uploads WHERE osp_id = ?`, up.UploadID); err != nil ||
			stored.Status != "uploaded" || stored.Rows != 3 || len(stored.Hash) != 64 || stored.Filename != "users.csv" {
			t.Fatalf("stored upload %+v %v", stored, err)
		}
		rep := validateUpload(t, e, token, up.UploadID)
		if rep.Status != "valid" || rep.ToCreate != 3 || len(rep.Errors) != 0 || rep.RowCount != 3 {
			t.Fatalf("validate: %+v", rep)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users`); n != before {
			t.Fatalf("validate wrote users: %d -> %d", before, n)
		}
		pr := processUpload(t, e, token, up.UploadID)
		if pr.Status != "processed" || pr.Created != 3 || len(pr.Rows) != 3 || pr.Rows[2].Line != 5 || pr.Rows[2].Outcome != "CREATED" ||
			pr.Rows[2].UserOspID == "" {
			t.Fatalf("process: %+v", pr)
		}
		assertImported(t, e, []string{"piet.janssens", "marie.claes", "karel.wouters"},
			[]string{"piet@example.com", "marie@example.com", "karel@example.com"})
		var piet struct {
			Msisdn    string `db:"msisdn"`
			Birthdate string `db:"birthdate"`
			City      string `db:"work_city"`
		}
		if err := e.DB.Get(context.Background(), &piet, `SELECT msisdn, birthdate, work_city FROM users WHERE login = 'piet.janssens'`); err != nil ||
			piet.Msisdn != "+32470123456" || piet.Birthdate != "1990-01-15" || piet.City != "Gent" {
			t.Fatalf("piet stored as %+v %v", piet, err)
		}

		// XLSX, with a real date cell
		up = mustUpload(t, e, token, "create", "users.xlsx", goodXLSX(t))
		if rep := validateUpload(t, e, token, up.UploadID); rep.Status != "valid" || rep.ToCreate != 3 {
			t.Fatalf("validate xlsx: %+v", rep)
		}
		if pr := processUpload(t, e, token, up.UploadID); pr.Created != 3 {
			t.Fatalf("process xlsx: %+v", pr)
		}
		assertImported(t, e, []string{"xavier.excel", "yara.excel", "zeno.excel"},
			[]string{"xavier@example.com", "yara@example.com", "zeno@example.com"})
		var birth []string
		if err := e.DB.Select(context.Background(), &birth, `SELECT COALESCE(birthdate, '') FROM users WHERE ext_id IN ('X-1', 'X-2', 'X-3') ORDER BY ext_id`); err != nil ||
			strings.Join(birth, ",") != "1991-07-04,1992-08-04," {
			t.Fatalf("xlsx dates %v %v", birth, err)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users`); n != before+6 {
			t.Fatalf("users %d -> %d", before, n)
		}
	})
}

func TestImportFileShape(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		rows := func(n int) []byte {
			var b strings.Builder
			b.WriteString("firstname,lastname,email,login\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(&b, "F%d,L%d,u%d@example.com,user.%d\n", i, i, i, i)
			}
			return []byte(b.String())
		}
		res := uploadFile(e, token, seed.AcmeOspID, "create", "big.csv", rows(501))
		if res.Status != 400 || res.Label() != "TOO_MANY_ROWS" || !strings.Contains(string(res.Body), "500") {
			t.Fatalf("501 rows: %d %s", res.Status, res.Body)
		}
		if up := mustUpload(t, e, token, "create", "max.csv", rows(500)); up.RowCount != 500 {
			t.Fatalf("500 rows: %+v", up)
		}
		for _, c := range []struct {
			name, label string
			content     []byte
			kind        string
		}{
			{"users.txt", "UNSUPPORTED_FILE", rows(1), "create"},
			{"users.xlsx", "UNSUPPORTED_FILE", rows(1), "create"}, // CSV text under an xlsx name
			{"users.csv", "UNSUPPORTED_FILE", []byte("first\x00name"), "create"},
			{"users.csv", "EMPTY_FILE", []byte("firstname,lastname,email,login\n\n"), "create"},
			{"users.csv", "EMPTY_FILE", nil, "create"},
			{"users.csv", "MISSING_COLUMNS", []byte("firstname;lastname;email\nA;B;a@example.com\n"), "create"},
			{"users.csv", "MISSING_COLUMNS", []byte("firstname;lastname\nA;B\n"), "update"},
			{"users.csv", "VALIDATION_FAILED", rows(1), "delete"},
		} {
			res := uploadFile(e, token, seed.AcmeOspID, c.kind, c.name, c.content)
			if res.Status != 400 || res.Label() != c.label {
				t.Errorf("%s %q: %d %s", c.name, c.content, res.Status, res.Body)
			}
		}
		res = uploadFile(e, token, seed.AcmeOspID, "create", "users.csv", []byte("firstname;lastname;email\nA;B;a@example.com\n"))
		if !strings.Contains(string(res.Body), "login") {
			t.Errorf("missing column not named: %s", res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM uploads`); n != 1 {
			t.Fatalf("refused files were stored: %d uploads", n)
		}
	})
}

func TestImportBadFileChangesNothing(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		bad := []byte("firstname,lastname,email,login,msisdn,birthdate\n" +
			"Ann,Bad,not-an-email,ann.bad,,\n" + // line 2: e-mail
			"Bob,Bad,bob@example.com,,,\n" + // line 3: no login
			"Cas,Bad,cas@example.com,ANN.BAD,,\n" + // line 4: login of line 2 again
			"Dirk,Bad,dirk@example.com,dirk.bad,12345,31/02/2001\n" + // line 5: phone and date
			"Eva,Good,eva@example.com,eva.good,,\n") // line 6: fine
		users, mails := count(t, e, `SELECT COUNT(*) FROM users`), count(t, e, `SELECT COUNT(*) FROM mail_outbox`)
		up := mustUpload(t, e, token, "create", "bad.csv", bad)
		rep := validateUpload(t, e, token, up.UploadID)
		if rep.Status != "invalid" || rep.RowCount != 5 {
			t.Fatalf("validate: %+v", rep)
		}
		got := map[string]string{}
		for _, le := range rep.Errors {
			got[fmt.Sprintf("%d:%s", le.Line, le.Field)] = strings.Join(le.Messages, "|")
		}
		// acme.admin reads Dutch
		want := map[string]string{
			"2:email":     "Het e-mailformaat lijkt verkeerd te zijn",
			"3:login":     "Login is verplicht",
			"4:login":     "Login komt meer dan eens voor in het bestand (eerst op regel 2)",
			"5:msisdn":    "Gsm-nummer is geen geldig telefoonnummer",
			"5:birthdate": "Geboortedatum moet een datum zijn (jjjj-MM-dd of dd/MM/jjjj)",
		}
		for k, msg := range want {
			if got[k] != msg {
				t.Errorf("%s: want %q, got %q", k, msg, got[k])
			}
		}
		if len(got) != len(want) {
			t.Errorf("errors %v", rep.Errors)
		}
		res := e.Post(userBase+"/upload/process", token, map[string]string{"uploadId": up.UploadID})
		if res.Status != 400 || res.Label() != "IMPORT_INVALID" {
			t.Fatalf("process: %d %s", res.Status, res.Body)
		}
		var body struct {
			Errors []struct {
				Field    string   `json:"field"`
				Messages []string `json:"messages"`
			} `json:"errors"`
		}
		res.JSON(t, &body)
		if len(body.Errors) != len(want) || body.Errors[0].Field != "line 2: email" {
			t.Fatalf("process errors %s", res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users`); n != users {
			t.Fatalf("users %d -> %d", users, n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM mail_outbox`); n != mails {
			t.Fatalf("mails %d -> %d", mails, n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE login = 'eva.good'`); n != 0 {
			t.Fatal("the good line of a bad file was written")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM uploads WHERE osp_id = ? AND status = 'invalid' AND report = ''`, up.UploadID); n != 1 {
			t.Fatal("upload not left invalid")
		}
	})
}

func TestImportTwiceCreatesOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		before := count(t, e, `SELECT COUNT(*) FROM users`)
		up := mustUpload(t, e, token, "create", "users.csv", goodCSV)
		first := processUpload(t, e, token, up.UploadID) // process without a validate first is allowed
		if first.Created != 3 {
			t.Fatalf("first: %+v", first)
		}
		// the same upload again: the stored report, nothing written
		again := processUpload(t, e, token, up.UploadID)
		if again.Created != 3 || again.Rows[0].UserOspID != first.Rows[0].UserOspID {
			t.Fatalf("again: %+v", again)
		}
		// the same file as a new upload: every row was processed already
		up2 := mustUpload(t, e, token, "create", "users-copy.csv", goodCSV)
		if up2.SameFileAs != up.UploadID {
			t.Errorf("sameFileAs %q, want %q", up2.SameFileAs, up.UploadID)
		}
		if rep := validateUpload(t, e, token, up2.UploadID); rep.Status != "valid" || rep.AlreadyProcessed != 3 || rep.ToCreate != 0 {
			t.Fatalf("validate copy: %+v", rep)
		}
		second := processUpload(t, e, token, up2.UploadID)
		if second.Created != 0 || second.AlreadyProcessed != 3 || second.Rows[0].Outcome != "ALREADY_PROCESSED" ||
			second.Rows[0].UserOspID != first.Rows[0].UserOspID {
			t.Fatalf("second: %+v", second)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users`); n != before+3 {
			t.Fatalf("users %d -> %d", before, n)
		}
		if m := e.Mails("piet@example.com"); len(m) != 1 {
			t.Fatalf("piet got %d mails", len(m))
		}
	})
}

func TestImportUpdate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		// lena.maes is Globex's: an Acme file cannot reach her
		bad := []byte("login,extId,lastname,workCity\njan.peeters,,Peeters-Smet,Gent\nlena.maes,,Maes2,\n,NOPE,X,\n")
		up := mustUpload(t, e, token, "update", "update.csv", bad)
		rep := validateUpload(t, e, token, up.UploadID)
		if rep.Status != "invalid" || len(rep.Errors) != 2 || rep.Errors[0].Line != 3 || rep.Errors[0].Field != "login" ||
			rep.Errors[1].Line != 4 || rep.Errors[1].Field != "extId" {
			t.Fatalf("validate: %+v", rep)
		}
		if res := e.Post(userBase+"/upload/process", token, map[string]string{"uploadId": up.UploadID}); res.Label() != "IMPORT_INVALID" {
			t.Fatalf("process bad: %d %s", res.Status, res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE lastname = 'Peeters-Smet'`); n != 0 {
			t.Fatal("a refused update file changed a user")
		}

		good := []byte("login;extId;lastname;workCity;birthdate;language;msisdn\n" +
			"jan.peeters;;Peeters-Smet;Gent;01/02/1980;;\n" + // changes three fields
			"sophie.dubois;SD-1;;;;;\n" + // sets her extId once
			"sophie.dubois;;;;;;\n") // the same user twice
		up = mustUpload(t, e, token, "update", "update.csv", good)
		rep = validateUpload(t, e, token, up.UploadID)
		if rep.Status != "invalid" || len(rep.Errors) != 1 || rep.Errors[0].Line != 4 || rep.Errors[0].Field != "login" {
			t.Fatalf("validate twice: %+v", rep)
		}
		good = []byte("login;extId;lastname;workCity;birthdate;language;msisdn\n" +
			"jan.peeters;;Peeters-Smet;Gent;01/02/1980;;\n" +
			"sophie.dubois;SD-1;;;;;\n")
		up = mustUpload(t, e, token, "update", "update.csv", good)
		rep = validateUpload(t, e, token, up.UploadID)
		if rep.Status != "valid" || rep.ToUpdate != 2 || rep.Skipped != 0 {
			t.Fatalf("validate good: %+v", rep)
		}
		pr := processUpload(t, e, token, up.UploadID)
		if pr.Updated != 2 || pr.Rows[0].Outcome != "UPDATED" {
			t.Fatalf("process: %+v", pr)
		}
		var jan struct {
			Lastname, Email, City, Birth, Language string
		}
		if err := e.DB.Get(context.Background(), &jan, `SELECT lastname AS "lastname", email AS "email", work_city AS "city",
			birthdate AS "birth", language AS "language" FROM users WHERE login = 'jan.peeters'`); err != nil {
			t.Fatal(err)
		}
		// empty cells change nothing
		if jan.Lastname != "Peeters-Smet" || jan.City != "Gent" || jan.Birth != "1980-02-01" || jan.Email != "jan.peeters@example.com" || jan.Language != "nl" {
			t.Fatalf("jan: %+v", jan)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE login = 'sophie.dubois' AND ext_id = 'SD-1' AND lastname = 'Dubois'`); n != 1 {
			t.Fatal("sophie not updated")
		}
		// the same changes again change nothing: every row is skipped
		up = mustUpload(t, e, token, "update", "update-again.csv", good)
		if pr := processUpload(t, e, token, up.UploadID); pr.Updated != 0 || pr.Skipped != 2 {
			t.Fatalf("again: %+v", pr)
		}
	})
}

func TestImportAccess(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		up := mustUpload(t, e, acme, "create", "users.csv", goodCSV)

		// another company's admin: Acme does not exist for them
		globex := e.LoginAs("globex.admin")
		if res := uploadFile(e, globex, seed.AcmeOspID, "create", "users.csv", goodCSV); res.Status != 404 {
			t.Fatalf("globex upload for acme: %d %s", res.Status, res.Body)
		}
		for _, call := range []string{"validate", "process"} {
			if res := e.Post(userBase+"/upload/"+call, globex, map[string]string{"uploadId": up.UploadID}); res.Status != 404 {
				t.Fatalf("globex %s: %d %s", call, res.Status, res.Body)
			}
		}
		// the partner's admin reaches its companies
		if res := uploadFile(e, e.LoginAs("msp.admin"), seed.AcmeOspID, "create", "users.csv", goodCSV); res.Status != 200 {
			t.Fatalf("msp upload: %d %s", res.Status, res.Body)
		}
		// an admin without user_manager
		var acmeID int64
		if err := e.DB.Get(context.Background(), &acmeID, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		id, _, err := e.App.Users.Create(context.Background(), user.NewUser{CorporateAccountID: &acmeID, Firstname: "Ivo", Lastname: "Invoice",
			Email: "ivo@example.com", Login: "acme.invoices", Roles: []access.Role{access.InvoiceManager}})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.App.Auth.SetPassword(context.Background(), id, seed.DemoPassword); err != nil {
			t.Fatal(err)
		}
		invoices := e.LoginAs("acme.invoices")
		if res := uploadFile(e, invoices, seed.AcmeOspID, "create", "users.csv", goodCSV); res.Status != 403 {
			t.Fatalf("no user_manager upload: %d %s", res.Status, res.Body)
		}
		if res := e.Post(userBase+"/upload/process", invoices, map[string]string{"uploadId": up.UploadID}); res.Status != 403 {
			t.Fatalf("no user_manager process: %d %s", res.Status, res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE login = 'piet.janssens'`); n != 0 {
			t.Fatal("refused calls wrote users")
		}
	})
}

func TestImportTemplate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: userBase + "/upload/template/create?format=csv", Token: token})
		testkit.MustStatus(t, res, 200)
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, ".csv") {
			t.Errorf("disposition %q", cd)
		}
		if got := strings.TrimSpace(strings.TrimPrefix(string(res.Body), "\xef\xbb\xbf")); got != strings.Join(user.ImportColumns, ";") {
			t.Errorf("csv template %q", got)
		}
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: userBase + "/upload/template/update?format=xlsx", Token: token})
		testkit.MustStatus(t, res, 200)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows(f.GetSheetName(0))
		if err != nil || len(rows) != 1 || strings.Join(rows[0], ",") != strings.Join(user.ImportColumns, ",") {
			t.Fatalf("xlsx template %v %v", rows, err)
		}
		// the template itself uploads as an empty file, not as an error
		if res := uploadFile(e, token, seed.AcmeOspID, "update", "t.xlsx", res.Body); res.Label() != "EMPTY_FILE" {
			t.Fatalf("template upload: %d %s", res.Status, res.Body)
		}
		if res := e.Do(testkit.Request{Method: http.MethodGet, Path: userBase + "/upload/template/create?format=pdf", Token: token}); res.Status != 400 {
			t.Fatalf("pdf: %d", res.Status)
		}
	})
}
