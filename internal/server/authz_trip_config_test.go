package server_test

import (
	"fmt"
	"net/http"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// The matrix's objects for the trip configuration calls: a commuting
// distance of an Acme user (commute/distance/delete) and, for the
// business-trip calls, an Acme user once Acme has enabled business trips
// (SPEC §8: refused before). Acme's configuration the matrix writes keeps
// business trips on (businessTripsEnabled, a car type) so the order of the
// calls does not matter. Tax-free rates: each allowed create adds the next
// open-ended BIKE period, years apart.
func init() {
	routeIDKinds[v1+"/businessTrip/"] = map[string]string{"userOspId": "businessTripUser"}
	fixtureMakers["commuteDistance"] = func(f *fixture, n int) string {
		res := f.m.e.Post(v1+"/commute/distance/update", f.token, map[string]any{"userOspId": f.id("user"),
			"validFrom": fmt.Sprintf("2025-01-%02d", n%28+1), "distance": 10000})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "ospId")
	}
	fixtureMakers["businessTripUser"] = func(f *fixture, n int) string {
		testkit.MustStatus(f.m.t, f.m.e.Post(v1+"/travel/compensation/update", f.token, map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "businessTripsEnabled": true, "businessTripCarType": "PRIVATE_CAR",
			"businessTripPrivateCarCompensationPerKm": 441500}), http.StatusOK)
		ca := f.m.e.CorporateAccountID(seed.AcmeOspID)
		return f.m.e.NewUser(user.NewUser{Login: fmt.Sprintf("authz.trip.%d", n), CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	}
	sampleHooks = append(sampleHooks, func(fx *fixture, path, name, _ string) (any, bool) {
		switch {
		case strings.HasPrefix(path, v1+"/travel/taxFreeRate/"):
			switch name {
			case "kind":
				return "BIKE", true
			case "rate":
				return 350000, true
			case "validFrom":
				return fmt.Sprintf("%d-01-01", 2100+fx.next()), true
			case "validTo":
				return nil, true
			}
		case strings.HasPrefix(path, v1+"/commute/distance/"):
			switch name {
			case "validFrom":
				return fmt.Sprintf("2026-%02d-01", fx.next()%12+1), true
			case "distance":
				return 12000, true
			}
		case path == v1+"/travel/compensation/update":
			switch name {
			case "businessTripsEnabled":
				return true, true
			case "businessTripCarType":
				return "PRIVATE_CAR", true
			}
		}
		return nil, false
	})
}
