package server_test

import (
	"net/http"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the user fee calls: a tier of Acme's (the
// assignee the calls name is Acme), each in a range of its own so no
// create or update meets another tier.
func init() {
	routeIDKinds[v1+"/userFee/"] = map[string]string{"assigneeOspId": "company"}
	fixtureMakers["userFeeTier"] = func(f *fixture, n int) string {
		res := f.m.e.Post(v1+"/userFee/create", f.token, map[string]any{"assigneeType": "CORPORATE_ACCOUNT",
			"assigneeOspId": seed.AcmeOspID, "eventCountFrom": n * 10, "eventCountTo": n*10 + 5, "amount": 50, "vatPercent": 21})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "ospId")
	}
}

// userFeeCount gives a request's range a block of its own: from takes the
// next number, to the same block's end (the fields are built in order).
func userFeeCount(f *fixture, field string) int {
	if field == "eventCountFrom" {
		return f.next() * 10
	}
	return f.seq*10 + 5
}
