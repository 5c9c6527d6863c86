package company_test

import (
	"net/http"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const (
	getPath    = "/portal-service/v1/corporateAccount/get"
	filterPath = "/portal-service/v1/corporateAccount/getByFilter"
)

// Tenancy: company admins see their own account, partner admins their
// partner's, platform staff all; everything else is 404, as if unknown.
func TestCorporateAccountTenancy(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		cases := []struct {
			login   string
			account string
			status  int
		}{
			{"acme.admin", seed.AcmeOspID, 200},
			{"globex.admin", seed.AcmeOspID, 404},
			{"globex.admin", seed.GlobexOspID, 200},
			{"msp.admin", seed.AcmeOspID, 200},
			{"msp.admin", seed.GlobexOspID, 200},
			{"msp.admin", seed.InitechOspID, 404},
			{"rideon.admin", seed.InitechOspID, 200},
			{"rideon.admin", seed.AcmeOspID, 404},
			{"ospadmin", seed.InitechOspID, 200},
			{"ospadmin", "no-such-account", 404},
		}
		tokens := map[string]string{}
		for _, c := range cases {
			if tokens[c.login] == "" {
				tokens[c.login] = e.LoginAs(c.login)
			}
			res := e.Post(getPath, tokens[c.login], map[string]string{"ospId": c.account})
			if res.Status != c.status {
				t.Errorf("%s reads %s: %d, want %d (%s)", c.login, c.account, res.Status, c.status, res.Body)
				continue
			}
			if c.status == 404 && res.Label() != "NOT_FOUND" {
				t.Errorf("%s reads %s: label %q", c.login, c.account, res.Label())
			}
			if c.status == 200 {
				var ca struct {
					OspID string `json:"ospId"`
					Data  struct {
						PaymentType string `json:"paymentType"`
						Partner     struct {
							OspID string `json:"ospId"`
						} `json:"partner"`
					} `json:"data"`
				}
				res.JSON(t, &ca)
				if ca.OspID != c.account || ca.Data.PaymentType == "" || ca.Data.Partner.OspID == "" {
					t.Errorf("%s reads %s: body %s", c.login, c.account, res.Body)
				}
			}
		}
		res := e.Post(getPath, tokens["ospadmin"], map[string]string{})
		if res.Status != 400 || res.Label() != "VALIDATION_FAILED" {
			t.Errorf("missing ospId: %d %s", res.Status, res.Body)
		}
	})
}

type page struct {
	Content []struct {
		OspID string `json:"ospId"`
		Name  string `json:"name"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
	TotalPages    int `json:"totalPages"`
	Page          int `json:"page"`
	Size          int `json:"size"`
}

func names(p page) []string {
	out := []string{}
	for _, c := range p.Content {
		out = append(out, c.Name)
	}
	return out
}

func TestCorporateAccountFilter(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		msp := e.LoginAs("msp.admin")
		osp := e.LoginAs("ospadmin")
		cases := []struct {
			name  string
			token string
			body  map[string]any
			want  []string
			total int
		}{
			{"msp sees its partner's accounts, by name", msp, map[string]any{}, []string{"Acme NV", "Globex BV"}, 2},
			{"platform sees all", osp, map[string]any{}, []string{"Acme NV", "Globex BV", "Initech SA"}, 3},
			{"search by name, any case", osp, map[string]any{"nameOrExtIdLike": "gLoB"}, []string{"Globex BV"}, 1},
			{"search by ext id", osp, map[string]any{"nameOrExtIdLike": "initech"}, []string{"Initech SA"}, 1},
			{"like wildcards are literal", osp, map[string]any{"nameOrExtIdLike": "%_%"}, []string{}, 0},
			{"by partner", osp, map[string]any{"partnerOspId": seed.OtherPartnerOspID}, []string{"Initech SA"}, 1},
			{"msp cannot widen to another partner", msp, map[string]any{"partnerOspId": seed.OtherPartnerOspID}, []string{}, 0},
			{"paged, sorted descending", osp, map[string]any{"pagination": map[string]any{"page": 2, "size": 2, "sortOrders": []map[string]string{{"property": "name", "direction": "DESC"}}}}, []string{"Acme NV"}, 3},
			{"unknown sort property ignored", osp, map[string]any{"pagination": map[string]any{"page": 1, "size": 1, "sortOrders": []map[string]string{{"property": "name; DROP TABLE users", "direction": "ASC"}}}}, []string{"Acme NV"}, 3},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := e.Post(filterPath, c.token, c.body)
				testkit.MustStatus(t, res, http.StatusOK)
				var p page
				res.JSON(t, &p)
				got := names(p)
				if p.TotalElements != c.total || len(got) != len(c.want) {
					t.Fatalf("got %v (total %d), want %v (total %d)", got, p.TotalElements, c.want, c.total)
				}
				for i := range got {
					if got[i] != c.want[i] {
						t.Fatalf("got %v, want %v", got, c.want)
					}
				}
			})
		}
	})
}

func TestCompanyTypeList(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/corporateAccount/companyType/list", Token: e.LoginAs("ospadmin")})
	testkit.MustStatus(t, res, 200)
	var types []string
	res.JSON(t, &types)
	if len(types) == 0 || types[0] != "COMPANY" {
		t.Fatalf("types: %v", types)
	}
}
