package trip_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const importBase = travel + "/registration/upload"

func uploadCSV(t *testing.T, e *testkit.Env, token, company, content string) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("corporateAccountOspId", company)
	fw, _ := mw.CreateFormFile("file", "trips.csv")
	fmt.Fprint(fw, content)
	_ = mw.Close()
	return e.Do(testkit.Request{Path: importBase + "/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

type importReport struct {
	Status   string `json:"status"`
	RowCount int    `json:"rowCount"`
	Errors   []struct {
		Line     int      `json:"line"`
		Field    string   `json:"field"`
		Messages []string `json:"messages"`
	} `json:"errors"`
	Created []struct {
		Line  int    `json:"line"`
		OspID string `json:"ospId"`
	} `json:"created"`
}

func importCall(t *testing.T, e *testkit.Env, token, call, id string) importReport {
	t.Helper()
	res := e.Post(importBase+"/"+call, token, map[string]any{"uploadId": id})
	testkit.MustStatus(t, res, http.StatusOK)
	var r importReport
	res.JSON(t, &r)
	return r
}

func TestImportRegistrations(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		u := appUser(t, e, "trip.import", seed.AcmeOspID)
		configure(t, e, seed.AcmeOspID, 350_000, 240_000, 0, 650, 0, false)
		distance(t, e, u, seed.AcmeOspID, "2026-01-01", 8_000)
		globexUser := appUser(t, e, "trip.import.globex", seed.GlobexOspID)

		// line errors: each line named with its field and reason
		bad := "userOspId;date;kind;mode;direction;distance\n" +
			u + ";2026-11-10;COMMUTE;BIKE;OUTBOUND;\n" + // line 2: fine
			u + ";2026-11-10;COMMUTE;WALK;OUTBOUND;1000\n" + // 3: same day and direction as line 2
			globexUser + ";2026-11-10;COMMUTE;BIKE;OUTBOUND;\n" + // 4: not Acme's
			u + ";2026-11-30;COMMUTE;BIKE;RETURN;\n" + // 5: in the future
			u + ";2026-11-11;COMMUTE;BIKE;RETURN;far\n" + // 6: no number
			u + ";2026-11-11;HOME_WORK;;;\n" // 7: Acme pays no home work
		res := uploadCSV(t, e, acme, seed.AcmeOspID, bad)
		testkit.MustStatus(t, res, http.StatusOK)
		id := str(t, res, "uploadId")
		rep := importCall(t, e, acme, "validate", id)
		want := map[int]string{3: "direction", 4: "userOspId", 5: "date", 6: "distance", 7: "mode"}
		if rep.Status != "invalid" || rep.RowCount != 6 || len(rep.Errors) != len(want) {
			t.Fatalf("validate: %+v", rep)
		}
		for _, le := range rep.Errors {
			if want[le.Line] != le.Field || len(le.Messages) == 0 || le.Messages[0] == "" {
				t.Errorf("line %d: %s %v", le.Line, le.Field, le.Messages)
			}
		}
		if !strings.Contains(rep.Errors[0].Messages[0], "2") {
			t.Errorf("the duplicate names line 2: %v", rep.Errors[0].Messages)
		}
		before := e.Snapshot()
		if rep := importCall(t, e, acme, "process", id); rep.Status != "invalid" || len(rep.Created) != 0 {
			t.Fatalf("process of an invalid file: %+v", rep)
		}
		if changed := e.Snapshot().Changed(before); len(changed) != 0 {
			t.Fatalf("an invalid file wrote %v", changed)
		}

		// a valid file: per day, only the day's first car commute is paid
		good := "userOspId,date,kind,mode,direction,distance,description\n" +
			u + ",2026-11-10,COMMUTE,BIKE,OUTBOUND,,to work\n" +
			u + ",2026-11-10,commute,walk,return,1500,\n" +
			u + ",2026-11-12,COMMUTE,CAR,OUTBOUND,,\n" +
			u + ",2026-11-12,COMMUTE,CAR,RETURN,,\n"
		res = uploadCSV(t, e, acme, seed.AcmeOspID, good)
		testkit.MustStatus(t, res, http.StatusOK)
		id = str(t, res, "uploadId")
		if rep := importCall(t, e, acme, "validate", id); rep.Status != "valid" || len(rep.Errors) != 0 || len(rep.Created) != 4 {
			t.Fatalf("validate: %+v", rep)
		}
		rep = importCall(t, e, acme, "process", id)
		if rep.Status != "processed" || len(rep.Created) != 4 || rep.Created[3].Line != 5 || rep.Created[3].OspID == "" {
			t.Fatalf("process: %+v", rep)
		}
		again := importCall(t, e, acme, "process", id)
		if again.Status != "processed" || len(again.Created) != 4 || again.Created[0].OspID != rep.Created[0].OspID {
			t.Fatalf("second process: %+v", again)
		}
		got := map[string]int64{}
		for _, c := range rep.Created {
			res := e.Post(travel+"/registration/get", acme, map[string]any{"ospId": c.OspID})
			testkit.MustStatus(t, res, 200)
			var r reg
			res.JSON(t, &r)
			got[r.Date+" "+r.Mode+" "+r.Direction] = r.Compensation
		}
		wantAmounts := map[string]int64{"2026-11-10 BIKE OUTBOUND": cents(8_000, 350_000), "2026-11-10 WALK RETURN": cents(1_500, 240_000),
			"2026-11-12 CAR OUTBOUND": 650, "2026-11-12 CAR RETURN": 0}
		for k, v := range wantAmounts {
			if got[k] != v {
				t.Errorf("%s: %d, want %d (%v)", k, got[k], v, got)
			}
		}
		var n int
		if err := e.DB.Get(t.Context(), &n, `SELECT COUNT(*) FROM trip_registrations r JOIN users x ON x.id = r.user_id WHERE x.osp_id = ?`, u); err != nil || n != 4 {
			t.Fatalf("registrations: %d %v", n, err)
		}

		// the file's shape; another company's admin reaches no upload
		many := "userOspId,date,kind\n" + strings.Repeat(u+",2026-11-01,HOME_WORK\n", 501)
		for _, c := range []string{many, "date,kind\n2026-11-01,HOME_WORK\n", "userOspId,date,kind\n"} {
			if res := uploadCSV(t, e, acme, seed.AcmeOspID, c); res.Status != 400 || res.Label() != "TRIP_IMPORT_FILE" {
				t.Errorf("upload %.30q: %d %s", c, res.Status, res.Body)
			}
		}
		globex := e.LoginAs("globex.admin")
		if res := e.Post(importBase+"/validate", globex, map[string]any{"uploadId": id}); res.Status != 404 {
			t.Errorf("globex validate: %d", res.Status)
		}
		if res := uploadCSV(t, e, globex, seed.AcmeOspID, good); res.Status != 404 {
			t.Errorf("globex upload for Acme: %d", res.Status)
		}
	})
}

func str(t *testing.T, res *testkit.Response, key string) string {
	t.Helper()
	s, _ := res.Map(t)[key].(string)
	if s == "" {
		t.Fatalf("no %s in %s", key, res.Body)
	}
	return s
}
