package api_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const v1 = "/portal-service/v1"

// errorBody is the error answer, decoded.
type errorBody struct {
	ErrorLabel string `json:"errorLabel"`
	Message    string `json:"message"`
	Errors     []struct {
		Field    string   `json:"field"`
		Messages []string `json:"messages"`
	} `json:"errors"`
}

// refused asserts a 400 with label naming field (when field is not "")
// and returns the body.
func refused(t *testing.T, res *testkit.Response, label, field string) errorBody {
	t.Helper()
	var b errorBody
	if res.Status != http.StatusBadRequest {
		t.Fatalf("want 400 %s on %q, got %d: %.300s", label, field, res.Status, res.Body)
	}
	res.JSON(t, &b)
	if b.ErrorLabel != label {
		t.Fatalf("want %s, got %.300s", label, res.Body)
	}
	if field != "" && (len(b.Errors) == 0 || b.Errors[0].Field != field || len(b.Errors[0].Messages) == 0) {
		t.Fatalf("want field %q named, got %.300s", field, res.Body)
	}
	return b
}

func many(n int, s string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// Finding 7: input that crashed (500) or was silently accepted is a 400
// VALIDATION_FAILED naming the field, on both databases.
func TestBadInputIsRefusedNamingTheField(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		osp := e.LoginAs("ospadmin")
		page := map[string]any{"page": 1, "size": 10}

		// NUL in a search: PostgreSQL answered 500 ("invalid byte sequence")
		for name, c := range map[string]struct {
			path, token string
			body        map[string]any
			field       string
		}{
			"user search":    {v1 + "/user/findByAny", acme, map[string]any{"search": "an\x00na", "pagination": page}, "search"},
			"dashboard":      {v1 + "/user/getByFilter", osp, map[string]any{"search": "an\x00na", "pagination": page}, "search"},
			"group search":   {v1 + "/usergroup/findAll", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": "s\x00", "pagination": page}, "search"},
			"company search": {v1 + "/corporateAccount/getByFilter", osp, map[string]any{"nameOrExtIdLike": "ac\x00me", "pagination": page}, "nameOrExtIdLike"},
		} {
			t.Run("NUL "+name, func(t *testing.T) { refused(t, e.Post(c.path, c.token, c.body), "VALIDATION_FAILED", c.field) })
		}

		// a 50,000-character search: SQLite answered 500 ("LIKE or GLOB pattern too complex")
		long := strings.Repeat("ab", 25_000)
		b := refused(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"search": long, "pagination": page}), "VALIDATION_FAILED", "search")
		if !strings.Contains(b.Errors[0].Messages[0], "100") {
			t.Errorf("the message names the limit: %v", b.Errors[0].Messages)
		}
		refused(t, e.Post(v1+"/corporateAccount/getByFilter", osp, map[string]any{"nameOrExtIdLike": long}), "VALIDATION_FAILED", "nameOrExtIdLike")
		// 100 characters still search
		testkit.MustStatus(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"search": strings.Repeat("é", 100), "pagination": page}), 200)

		// 40,000-item arrays: "too many SQL variables" (500) on SQLite
		refused(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"roles": many(40_000, "user_manager"), "pagination": page}), "VALIDATION_FAILED", "roles")
		refused(t, e.Post(v1+"/budget/transaction/getByFilter", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"types": many(40_000, "event"), "pagination": page}), "VALIDATION_FAILED", "types")
		testkit.MustStatus(t, e.Post(v1+"/budget/transaction/getByFilter", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"types": many(100, "event"), "pagination": page}), 200)
		// NUL inside a list names the item
		refused(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"types": []string{"mobile", "x\x00"}, "pagination": page}), "VALIDATION_FAILED", "types[1]")

		// page 2^63-1 answered page 1; now page and size are bounded
		for _, p := range []map[string]any{{"page": int64(9223372036854775807), "size": 10}, {"page": 1_000_001, "size": 10}} {
			refused(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"pagination": p}), "VALIDATION_FAILED", "pagination.page")
		}
		refused(t, e.Post(v1+"/user/findByAny", acme, map[string]any{"pagination": map[string]any{"page": 1, "size": 5000}}), "VALIDATION_FAILED", "pagination.size")
		refused(t, e.Post(v1+"/user/findByAny", acme, `{"pagination":{"page":1e30}}`), "VALIDATION_FAILED", "pagination.page")
		last := e.Post(v1+"/user/findByAny", acme, map[string]any{"pagination": map[string]any{"page": 1_000_000, "size": 1000}})
		testkit.MustStatus(t, last, 200)
		var pg struct {
			Content []any `json:"content"`
			Page    int   `json:"page"`
		}
		last.JSON(t, &pg)
		if pg.Page != 1_000_000 || len(pg.Content) != 0 {
			t.Fatalf("the last allowed page is that page, empty: %s", last.Body)
		}
	})
}

// Trailing data after the JSON body is refused and nothing is written; a
// NUL in a name is refused and never stored.
func TestTrailingJSONAndNULAreNotStored(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		groups := func(name string) int {
			var n int
			if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM user_groups WHERE ext_id LIKE ?`, name+"%"); err != nil {
				t.Fatal(err)
			}
			return n
		}
		body := `{"corporateAccount":{"ospId":"` + seed.AcmeOspID + `"},"data":{"extId":"Trailing"}}`
		for _, tail := range []string{` garbage`, `{"data":{"extId":"Other"}}`, `]`} {
			refused(t, e.Post(v1+"/usergroup/create", acme, body+tail), "BAD_REQUEST", "")
		}
		if n := groups("Trailing"); n != 0 {
			t.Fatalf("a body with trailing data created %d groups", n)
		}
		// trailing whitespace is still one JSON value
		testkit.MustStatus(t, e.Post(v1+"/usergroup/create", acme, body+" \n\t"), 200)

		// NUL in names: the group's and a user's
		refused(t, e.Post(v1+"/usergroup/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": "Nul\x00Group"}}), "VALIDATION_FAILED", "data.extId")
		if n := groups("Nul"); n != 0 {
			t.Fatalf("a group name with NUL was stored")
		}
		res := e.Post(v1+"/user/mobile/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData": map[string]any{"firstname": "Ni\x00na", "lastname": "Nul", "email": "nina.nul@example.com", "login": "nina.nul",
				"language": "nl"}, "sendCredentials": false})
		refused(t, res, "VALIDATION_FAILED", "userData.firstname")
		var users int
		if err := e.DB.Get(context.Background(), &users, `SELECT COUNT(*) FROM users WHERE login = ?`, "nina.nul"); err != nil {
			t.Fatal(err)
		}
		if users != 0 {
			t.Fatal("a user with NUL in the first name was stored")
		}
	})
}

// Dates outside sane windows: an expense dated 1900-01-01, a deactivation
// or a recurring purchase starting 9999-12-31.
func TestDatesOutsideTheirWindow(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		expense := func(date string) *testkit.Response {
			return e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", acme, map[string]any{"userOspId": jan,
				"budgetOspId": b.OspID, "amount": 100, "vatPercentage": 21, "description": "Taxi", "date": date})
		}
		// today is 2026-11-21 (testkit.Start)
		for _, d := range []string{"1900-01-01", "2024-11-20"} {
			refused(t, expense(d), "VALIDATION_FAILED", "date")
		}
		refused(t, expense("2026-11-22"), "VALIDATION_FAILED", "date")
		testkit.MustStatus(t, expense("2024-11-21"), 200)
		var n int
		if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM expenses x JOIN budgets b ON b.id = x.budget_id WHERE b.osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("%d expenses stored, want only the one inside the window", n)
		}

		eva := e.UserOspID("sophie.dubois")
		b2 := refused(t, e.Post(v1+"/user/deactivate", acme, map[string]string{"ospId": eva, "when": "ON_DATE", "date": "9999-12-31"}),
			"VALIDATION_FAILED", "date")
		if !strings.Contains(b2.Errors[0].Messages[0], "5") {
			t.Errorf("the message names the window: %v", b2.Errors[0].Messages)
		}
		testkit.MustStatus(t, e.Post(v1+"/user/deactivate", acme, map[string]string{"ospId": eva, "when": "ON_DATE", "date": "2031-11-21"}), 200)
		// the planned dates of a user's data
		jean := e.UserOspID("jan.peeters")
		var u struct {
			UserData map[string]any `json:"userData"`
		}
		got := e.Post(v1+"/user/get", acme, map[string]string{"ospId": jean})
		testkit.MustStatus(t, got, 200)
		got.JSON(t, &u)
		for _, field := range []string{"desiredDeactivationDate", "desiredActivationDate"} {
			data := map[string]any{}
			for k, v := range u.UserData {
				data[k] = v
			}
			data[field] = "9999-12-31"
			refused(t, e.Post(v1+"/user/update", acme, map[string]any{"ospId": jean, "userData": data}), "VALIDATION_FAILED", field)
		}
		var planned int
		if err := e.DB.Get(context.Background(), &planned, `SELECT COUNT(*) FROM users WHERE desired_deactivation_date = '9999-12-31' OR desired_activation_date = '9999-12-31'`); err != nil {
			t.Fatal(err)
		}
		if planned != 0 {
			t.Fatal("a date in 9999 was stored")
		}

		rec := func(start, end string) *testkit.Response {
			body := map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "type": "TRAIN_SUBSCRIPTION", "amount": 4500,
				"vatPercentage": 6, "description": "NMBS", "frequency": "MONTH", "startDate": start}
			if end != "" {
				body["endDate"] = end
			}
			return e.Post(v1+"/recurringExternalPurchase/create", acme, body)
		}
		refused(t, rec("9999-12-31", ""), "VALIDATION_FAILED", "startDate")
		refused(t, rec("2026-12-01", "9999-12-31"), "VALIDATION_FAILED", "endDate")
		var recs int
		if err := e.DB.Get(context.Background(), &recs, `SELECT COUNT(*) FROM recurring_expenses`); err != nil {
			t.Fatal(err)
		}
		if recs != 0 {
			t.Fatalf("%d recurring purchases stored", recs)
		}
	})
}

// Type errors answer in the caller's language and name no Go type; errors
// without field messages take their label's text in that language.
func TestMessagesInTheCallersLanguage(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post(v1+"/user/changeLanguage/fr", acme, nil), 204)
		jan := e.UserOspID("jan.peeters")
		res := e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", acme, map[string]any{"userOspId": jan,
			"budgetOspId": "x", "amount": "douze", "description": "Taxi", "date": "2026-11-20"})
		b := refused(t, res, "VALIDATION_FAILED", "amount")
		if b.Errors[0].Messages[0] != "Le champ « Montant » doit être un nombre entier" {
			t.Errorf("French message: %q", b.Errors[0].Messages[0])
		}
		for _, goType := range []string{"int64", "int", "string", "type"} {
			if strings.Contains(string(res.Body), " "+goType) {
				t.Errorf("the answer names a Go type (%s): %s", goType, res.Body)
			}
		}
		// a number too large for the field
		b = refused(t, e.Post(v1+"/user/findByAny", acme, `{"pagination":{"page":99999999999999999999}}`), "VALIDATION_FAILED", "pagination.page")
		if strings.Contains(b.Errors[0].Messages[0], "int") {
			t.Errorf("message: %q", b.Errors[0].Messages[0])
		}

		// a query parameter
		q := e.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/user/upload/template/create?format=c%00sv", Token: acme})
		refused(t, q, "VALIDATION_FAILED", "format")

		// not found, in French
		nf := e.Post(v1+"/user/get", acme, map[string]string{"ospId": "no-such-user"})
		var body errorBody
		nf.JSON(t, &body)
		if nf.Status != 404 || body.ErrorLabel != "NOT_FOUND" || body.Message != "Cet élément est introuvable" {
			t.Errorf("not found: %d %s", nf.Status, nf.Body)
		}

		// bad JSON, in French
		bad := refused(t, e.Post(v1+"/user/get", acme, `{"ospId":`), "BAD_REQUEST", "")
		if bad.Message != "La demande n'était pas valide" {
			t.Errorf("bad JSON: %q", bad.Message)
		}
	})
}

// The multipart import upload is not decoded as JSON; its form fields and
// file name are held to the same limits.
func TestUploadFormIsChecked(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		upload := func(company, filename string) *testkit.Response {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			_ = mw.WriteField("corporateAccountOspId", company)
			_ = mw.WriteField("kind", "create")
			fw, err := mw.CreateFormFile("file", filename)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = fw.Write([]byte("firstname;lastname;email;login\nEva;Janssens;eva@example.com;eva.j\n"))
			_ = mw.Close()
			return e.Do(testkit.Request{Path: v1 + "/user/upload/upload", Token: acme, Body: buf.Bytes(),
				Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		}
		refused(t, upload(seed.AcmeOspID+"\x00", "users.csv"), "VALIDATION_FAILED", "corporateAccountOspId")
		refused(t, upload(seed.AcmeOspID, "us\x00ers.csv"), "BAD_REQUEST", "") // the multipart reader refuses it
		refused(t, upload(seed.AcmeOspID, strings.Repeat("u", 300)+".csv"), "VALIDATION_FAILED", "filename")
		var n int
		if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM uploads`); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d uploads stored", n)
		}
		testkit.MustStatus(t, upload(seed.AcmeOspID, "users.csv"), 200)
	})
}

// A wrong type inside an embedded struct is named by its JSON path, not by
// the Go name of the struct it is embedded in.
func TestTypeErrorPathSkipsEmbeddedStructs(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("ospadmin")
		res := e.Post(v1+"/resource/parking/create", token, map[string]any{"fees": []any{map[string]any{"amount": "ten"}}})
		refused(t, res, "VALIDATION_FAILED", "fees.amount")
		res = e.Post(v1+"/resource/parking/update", token, map[string]any{"ospId": "x", "latitude": "north"})
		refused(t, res, "VALIDATION_FAILED", "latitude")
	})
}
