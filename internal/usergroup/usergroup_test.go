package usergroup_test

import (
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/usergroup"
)

const base = "/portal-service/v1/usergroup"

func TestNaming(t *testing.T) {
	cases := map[string]string{"Sales team": "Sales_team", "  Night   shift ": "Night_shift", "ALL": "ALL"}
	for in, want := range cases {
		if got := usergroup.StoredName(in); got != want {
			t.Errorf("StoredName(%q) = %q, want %q", in, got, want)
		}
	}
	if usergroup.DisplayName("Sales_team") != "Sales team" || usergroup.DefaultExtID("ACME") != "ALL_ACME_USERS" {
		t.Fatal("display or default name")
	}
}

type page struct {
	Content       []usergroup.UserGroup `json:"content"`
	TotalElements int                   `json:"totalElements"`
}

func TestGroupsLifecycle(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		var p page
		res := e.Post(base+"/findAll", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &p)
		if p.TotalElements != 1 || !p.Content[0].Data.IsDefault || p.Content[0].Data.ExtID != "ALL_ACME_USERS" ||
			p.Content[0].Data.Name != "ALL ACME USERS" || p.Content[0].Data.UserCount != 4 {
			t.Fatalf("default group: %s", res.Body)
		}
		defaultOsp := p.Content[0].OspID

		res = e.Post(base+"/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": "Sales team", "description": "Field sales"}})
		testkit.MustStatus(t, res, 200)
		var g usergroup.UserGroup
		res.JSON(t, &g)
		if g.Data.ExtID != "Sales_team" || g.Data.Name != "Sales team" || !g.Data.Active || g.Data.UserCount != 0 {
			t.Fatalf("created: %s", res.Body)
		}
		res = e.Post(base+"/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": "Sales_team"}})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"name"`) {
			t.Fatalf("duplicate name: %s", res.Body)
		}
		if res := e.Post(base+"/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": "a.b"}}); res.Status != 400 {
			t.Fatalf("dot in name: %s", res.Body)
		}

		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		members := func(osp string, users ...string) map[string]any {
			refs := []map[string]string{}
			for _, u := range users {
				refs = append(refs, map[string]string{"ospId": u})
			}
			return map[string]any{"usergroup": map[string]string{"ospId": osp}, "users": refs}
		}
		res = e.Post(base+"/addUsers", acme, members(g.OspID, jan, sophie, jan))
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &g)
		if g.Data.UserCount != 2 {
			t.Fatalf("after add: %s", res.Body)
		}
		// another company's user cannot join
		lena := e.UserOspID("lena.maes")
		if res := e.Post(base+"/addUsers", acme, members(g.OspID, lena)); res.Status != 400 || res.Label() != "UNKNOWN_USERS" {
			t.Fatalf("foreign user: %s", res.Body)
		}
		// the member search leaves out current members
		res = e.Post("/portal-service/v1/user/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "excludeMembersOf": g.OspID})
		var users struct {
			TotalElements int `json:"totalElements"`
		}
		res.JSON(t, &users)
		if users.TotalElements != 2 {
			t.Fatalf("excludeMembersOf: %s", res.Body)
		}
		res = e.Post("/portal-service/v1/user/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "userGroupOspId": g.OspID})
		res.JSON(t, &users)
		if users.TotalElements != 2 {
			t.Fatalf("userGroupOspId: %s", res.Body)
		}
		res = e.Post(base+"/removeUsers", acme, members(g.OspID, jan))
		res.JSON(t, &g)
		if g.Data.UserCount != 1 {
			t.Fatalf("after remove: %s", res.Body)
		}
		var groups []usergroup.UserGroup
		e.Post(base+"/getByUser", acme, map[string]string{"userOspId": sophie}).JSON(t, &groups)
		if len(groups) != 2 || !groups[0].Data.IsDefault {
			t.Fatalf("groups of sophie: %+v", groups)
		}

		// the default group keeps its members, name and state
		if res := e.Post(base+"/removeUsers", acme, members(defaultOsp, jan)); res.Label() != "DEFAULT_USER_GROUP_IMMUTABLE" {
			t.Fatalf("leave default: %s", res.Body)
		}
		if res := e.Post(base+"/deactivate", acme, map[string]string{"ospId": defaultOsp}); res.Label() != "DEFAULT_USER_GROUP_IMMUTABLE" {
			t.Fatalf("deactivate default: %s", res.Body)
		}
		if res := e.Post(base+"/delete", acme, map[string]string{"ospId": defaultOsp}); res.Label() != "DEFAULT_USER_GROUP_IMMUTABLE" {
			t.Fatalf("delete default: %s", res.Body)
		}

		res = e.Post(base+"/activate", acme, map[string]any{"ospId": g.OspID, "active": false})
		res.JSON(t, &g)
		if g.Data.Active {
			t.Fatalf("deactivate: %s", res.Body)
		}
		res = e.Post(base+"/update", acme, map[string]any{"ospId": g.OspID, "data": map[string]any{"extId": "Inside sales", "description": "x"}})
		res.JSON(t, &g)
		if g.Data.ExtID != "Inside_sales" || g.Data.Active {
			t.Fatalf("update: %s", res.Body)
		}

		// tenancy: Globex cannot see or touch Acme's group
		globex := e.LoginAs("globex.admin")
		for _, path := range []string{"/getByOspId", "/delete", "/activate"} {
			if res := e.Post(base+path, globex, map[string]string{"ospId": g.OspID}); res.Status != 404 {
				t.Errorf("globex %s: %d", path, res.Status)
			}
		}
		if res := e.Post(base+"/findAll", globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); res.Status != 404 {
			t.Errorf("globex findAll acme: %d", res.Status)
		}

		testkit.MustStatus(t, e.Post(base+"/delete", acme, map[string]string{"ospId": g.OspID}), 204)
		if res := e.Post(base+"/getByOspId", acme, map[string]string{"ospId": g.OspID}); res.Status != 404 {
			t.Fatalf("after delete: %d", res.Status)
		}
	})
}
