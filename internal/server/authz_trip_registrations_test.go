package server_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's trip registration: a REGISTERED bike commute of the
// matrix's Acme user, the day before the date the calls send (so create
// and update meet no commute of theirs). Acme compensates bike commutes
// (set again each time: a configuration call may have switched it off).
func init() {
	fixtureMakers["tripRegistration"] = func(f *fixture, n int) string {
		e, t := f.m.e, f.m.t
		ctx := context.Background()
		ca := e.CorporateAccountID(seed.AcmeOspID)
		// bike commutes on, the rest of Acme's configuration left as it is
		if _, err := e.DB.Exec(ctx, `INSERT INTO company_travel_settings (corporate_account_id, commute_bike_enabled,
			commute_bike_per_km_micro, updated_at) VALUES (?, TRUE, 350000, ?) ON CONFLICT (corporate_account_id)
			DO UPDATE SET commute_bike_enabled = TRUE, commute_bike_per_km_micro = 350000`, ca, database.Now(e.Clock.Now())); err != nil {
			t.Fatalf("fixture trip settings: %v", err)
		}
		res := e.Post(v1+"/travel/registration/create", f.token, map[string]any{"userOspId": f.id("user"), "date": "2026-11-19",
			"kind": "COMMUTE", "mode": "BIKE", "direction": "OUTBOUND", "distance": 4000})
		testkit.MustStatus(t, res, http.StatusOK)
		return str(t, res.Map(t), "ospId")
	}
	// the import: a file of one bike commute of the matrix's Acme user
	routeIDKinds[v1+"/travel/registration/upload/"] = map[string]string{"uploadId": "tripImport"}
	fixtureMakers["tripImport"] = func(f *fixture, n int) string {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("corporateAccountOspId", seed.AcmeOspID)
		fw, _ := mw.CreateFormFile("file", "trips.csv")
		fmt.Fprint(fw, tripImportFile(f))
		_ = mw.Close()
		res := f.m.e.Do(testkit.Request{Path: v1 + "/travel/registration/upload/upload", Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "uploadId")
	}
	sampleHooks = append(sampleHooks, tripRegistrationSample)
}

// tripImportFile is a registrations file of one bike commute of the
// matrix's Acme user, the day before the fixture's registration.
func tripImportFile(f *fixture) string {
	f.id("tripRegistration") // Acme compensates bike commutes
	return "userOspId,date,kind,mode,direction,distance\n" + f.id("user") + ",2026-11-18,COMMUTE,BIKE,OUTBOUND,3000\n"
}

// tripRegistrationSample fills the fields of the registration calls: a
// bike commute of 5 km (the fixture's settings compensate it).
func tripRegistrationSample(f *fixture, path, name, _ string) (any, bool) {
	if !strings.HasPrefix(path, v1+"/travel/registration/") && path != v1+"/travel/getByFilter" {
		return nil, false
	}
	switch name {
	case "file":
		return tripImportFile(f), true
	case "kind":
		f.id("tripRegistration") // Acme compensates bike commutes
		return "COMMUTE", true
	case "mode":
		return "BIKE", true
	case "direction":
		return "OUTBOUND", true
	case "distance":
		return 5000, true
	}
	return nil, false
}
