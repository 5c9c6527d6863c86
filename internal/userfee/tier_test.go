package userfee_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/userfee"
)

const feeBase = "/portal-service/v1/userFee"

func tierBody(typ, assignee string, from, to int, amount int64, vat float64) map[string]any {
	return map[string]any{"assigneeType": typ, "assigneeOspId": assignee, "eventCountFrom": from, "eventCountTo": to,
		"amount": amount, "vatPercent": vat}
}

func createTier(t *testing.T, e *testkit.Env, token string, body map[string]any) userfee.Tier {
	t.Helper()
	res := e.Post(feeBase+"/create", token, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var tier userfee.Tier
	res.JSON(t, &tier)
	return tier
}

func getAll(t *testing.T, e *testkit.Env, token string, body map[string]any) []userfee.Tier {
	t.Helper()
	res := e.Post(feeBase+"/getAll", token, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var out []userfee.Tier
	res.JSON(t, &out)
	return out
}

func TestTiersCRUD(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := e.LoginAs("ospadmin")
		p := createTier(t, e, staff, tierBody("PARTNER", seed.MobiPartnerOspID, 1, 10, 50, 21))
		if p.OspID == "" || p.AssigneeType != "PARTNER" || p.AssigneeOspID != seed.MobiPartnerOspID || p.AssigneeName != "MobiPartner" ||
			p.EventCountFrom != 1 || p.EventCountTo != 10 || p.Amount != 50 || p.VatPercent != 21 || p.CreatedOn == "" {
			t.Fatalf("created %+v", p)
		}
		c := createTier(t, e, staff, tierBody("CORPORATE_ACCOUNT", seed.AcmeOspID, 5, 5, 0, 5.5))
		if c.AssigneeName != "Acme NV" || c.VatPercent != 5.5 || c.EventCountTo != 5 {
			t.Fatalf("created %+v", c)
		}
		var bp int64
		if err := e.DB.Get(ctx, &bp, `SELECT vat_basis_points FROM user_fee_tiers WHERE osp_id = ?`, c.OspID); err != nil || bp != 550 {
			t.Fatalf("stored VAT %d, %v", bp, err)
		}
		// RideOn's tier: another partner's, the same range is no overlap
		r := createTier(t, e, staff, tierBody("PARTNER", seed.OtherPartnerOspID, 1, 10, 75, 21))

		all := getAll(t, e, staff, map[string]any{})
		if len(all) != 3 {
			t.Fatalf("all tiers %+v", all)
		}
		acme := getAll(t, e, staff, map[string]any{"assigneeType": "CORPORATE_ACCOUNT", "assigneeOspId": seed.AcmeOspID})
		if len(acme) != 1 || acme[0].OspID != c.OspID {
			t.Fatalf("Acme's tiers %+v", acme)
		}
		partners := getAll(t, e, staff, map[string]any{"assigneeType": "PARTNER"})
		if len(partners) != 2 {
			t.Fatalf("partner tiers %+v", partners)
		}

		res := e.Post(feeBase+"/update", staff, map[string]any{"ospId": p.OspID, "eventCountFrom": 1, "eventCountTo": 20,
			"amount": 60, "vatPercent": 6})
		testkit.MustStatus(t, res, http.StatusOK)
		var u userfee.Tier
		res.JSON(t, &u)
		if u.OspID != p.OspID || u.EventCountTo != 20 || u.Amount != 60 || u.VatPercent != 6 || u.AssigneeName != "MobiPartner" {
			t.Fatalf("updated %+v", u)
		}
		var stored struct {
			To     int   `db:"event_count_to"`
			Amount int64 `db:"amount"`
			BP     int64 `db:"vat_basis_points"`
		}
		if err := e.DB.Get(ctx, &stored, `SELECT event_count_to, amount, vat_basis_points FROM user_fee_tiers WHERE osp_id = ?`,
			p.OspID); err != nil || stored.To != 20 || stored.Amount != 60 || stored.BP != 600 {
			t.Fatalf("stored %+v %v", stored, err)
		}

		testkit.MustStatus(t, e.Post(feeBase+"/delete", staff, map[string]any{"ospId": r.OspID}), http.StatusNoContent)
		if all := getAll(t, e, staff, map[string]any{}); len(all) != 2 {
			t.Fatalf("after delete %+v", all)
		}
		testkit.MustStatus(t, e.Post(feeBase+"/delete", staff, map[string]any{"ospId": r.OspID}), http.StatusNotFound)
		testkit.MustStatus(t, e.Post(feeBase+"/update", staff, map[string]any{"ospId": r.OspID, "eventCountFrom": 1,
			"eventCountTo": 2, "amount": 1, "vatPercent": 0}), http.StatusNotFound)
	})
}

func TestTierRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		first := createTier(t, e, staff, tierBody("PARTNER", seed.MobiPartnerOspID, 11, 50, 100, 21))
		before := e.Snapshot()
		for _, c := range []struct {
			name, field, label string
			body               map[string]any
		}{
			{"to before from", "eventCountTo", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 60, 59, 1, 21)},
			{"overlap at the start", "eventCountFrom", "USER_FEE_TIERS_OVERLAP", tierBody("PARTNER", seed.MobiPartnerOspID, 1, 11, 1, 21)},
			{"overlap inside", "eventCountFrom", "USER_FEE_TIERS_OVERLAP", tierBody("PARTNER", seed.MobiPartnerOspID, 20, 30, 1, 21)},
			{"overlap around", "eventCountFrom", "USER_FEE_TIERS_OVERLAP", tierBody("PARTNER", seed.MobiPartnerOspID, 5, 500, 1, 21)},
			{"from zero", "eventCountFrom", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 0, 5, 1, 21)},
			{"amount too high", "amount", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 60, 70, 1_000_001, 21)},
			{"negative amount", "amount", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 60, 70, -1, 21)},
			{"three decimals", "vatPercent", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 60, 70, 1, 5.555)},
			{"VAT above 100", "vatPercent", "VALIDATION_FAILED", tierBody("PARTNER", seed.MobiPartnerOspID, 60, 70, 1, 101)},
			{"reseller partner", "assigneeOspId", "VALIDATION_FAILED", tierBody("PARTNER", seed.ResellerPartnerOspID, 60, 70, 1, 21)},
			{"company as partner", "assigneeOspId", "VALIDATION_FAILED", tierBody("PARTNER", seed.AcmeOspID, 60, 70, 1, 21)},
			{"unknown company", "assigneeOspId", "VALIDATION_FAILED", tierBody("CORPORATE_ACCOUNT", seed.MobiPartnerOspID, 60, 70, 1, 21)},
			{"unknown type", "assigneeType", "VALIDATION_FAILED", tierBody("USER", seed.AcmeOspID, 60, 70, 1, 21)},
		} {
			res := e.Post(feeBase+"/create", staff, c.body)
			if res.Status != http.StatusBadRequest || res.Field() != c.field || res.Label() != c.label {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		// the overlap names the tier in the way
		res := e.Post(feeBase+"/create", staff, tierBody("PARTNER", seed.MobiPartnerOspID, 40, 60, 1, 21))
		if msg := res.FieldErrors(t)["eventCountFrom"]; !strings.Contains(msg, "11") || !strings.Contains(msg, "50") {
			t.Errorf("overlap message %q", msg)
		}
		// update: into another tier refused, the same tier's own range fine
		second := createTier(t, e, staff, tierBody("PARTNER", seed.MobiPartnerOspID, 51, 100, 150, 21))
		before = e.Snapshot()
		res = e.Post(feeBase+"/update", staff, map[string]any{"ospId": second.OspID, "eventCountFrom": 50, "eventCountTo": 100,
			"amount": 150, "vatPercent": 21})
		if res.Status != http.StatusBadRequest || res.Label() != "USER_FEE_TIERS_OVERLAP" || res.Field() != "eventCountFrom" {
			t.Errorf("update into overlap: %d %s", res.Status, res.Body)
		}
		res = e.Post(feeBase+"/update", staff, map[string]any{"ospId": second.OspID, "eventCountFrom": 80, "eventCountTo": 70,
			"amount": 150, "vatPercent": 21})
		if res.Status != http.StatusBadRequest || res.Field() != "eventCountTo" {
			t.Errorf("update to < from: %d %s", res.Status, res.Body)
		}
		if changed := e.Snapshot().Changed(before); len(changed) != 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		testkit.MustStatus(t, e.Post(feeBase+"/update", staff, map[string]any{"ospId": first.OspID, "eventCountFrom": 11,
			"eventCountTo": 50, "amount": 120, "vatPercent": 21}), http.StatusOK)
	})
}

// Who may: platform staff write; an MSP admin reads its partner's and its
// companies' tiers; another MSP's admin gets 404 for them; company admins 403.
func TestTierAccess(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		createTier(t, e, staff, tierBody("PARTNER", seed.MobiPartnerOspID, 1, 10, 50, 21))
		createTier(t, e, staff, tierBody("CORPORATE_ACCOUNT", seed.AcmeOspID, 1, 10, 40, 21))
		createTier(t, e, staff, tierBody("PARTNER", seed.OtherPartnerOspID, 1, 10, 75, 21))
		createTier(t, e, staff, tierBody("CORPORATE_ACCOUNT", seed.InitechOspID, 1, 10, 80, 21))

		msp := e.LoginAs("msp.admin")
		mine := getAll(t, e, msp, map[string]any{})
		if len(mine) != 2 {
			t.Fatalf("msp admin sees %+v", mine)
		}
		for _, tier := range mine {
			if tier.AssigneeOspID != seed.MobiPartnerOspID && tier.AssigneeOspID != seed.AcmeOspID {
				t.Fatalf("msp admin sees another tenant's tier %+v", tier)
			}
		}
		if got := getAll(t, e, msp, map[string]any{"assigneeType": "CORPORATE_ACCOUNT", "assigneeOspId": seed.AcmeOspID}); len(got) != 1 {
			t.Fatalf("Acme's tiers for its MSP: %+v", got)
		}
		testkit.MustStatus(t, e.Post(feeBase+"/getAll", msp, map[string]any{"assigneeType": "PARTNER",
			"assigneeOspId": seed.OtherPartnerOspID}), http.StatusNotFound)
		testkit.MustStatus(t, e.Post(feeBase+"/getAll", msp, map[string]any{"assigneeType": "CORPORATE_ACCOUNT",
			"assigneeOspId": seed.InitechOspID}), http.StatusNotFound)
		testkit.MustStatus(t, e.Post(feeBase+"/create", msp, tierBody("PARTNER", seed.MobiPartnerOspID, 20, 30, 50, 21)), http.StatusForbidden)
		testkit.MustStatus(t, e.Post(feeBase+"/getAll", e.LoginAs("acme.admin"), map[string]any{}), http.StatusForbidden)
	})
}

// Eight concurrent creates of overlapping ranges for one assignee: exactly
// one wins (the assignee's lock holds the check and the insert together).
func TestTierCreateConcurrent(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		var wg sync.WaitGroup
		statuses := make(chan int, 8)
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				res := e.Post(feeBase+"/create", staff, tierBody("CORPORATE_ACCOUNT", seed.AcmeOspID, 10+i, 20+i, 100, 21))
				statuses <- res.Status
			}(i)
		}
		wg.Wait()
		close(statuses)
		won := 0
		for s := range statuses {
			switch s {
			case http.StatusOK:
				won++
			case http.StatusBadRequest:
			default:
				t.Errorf("status %d", s)
			}
		}
		var n int
		if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM user_fee_tiers`); err != nil || won != 1 || n != 1 {
			t.Fatalf("%d won, %d stored, %v", won, n, err)
		}
	})
}
