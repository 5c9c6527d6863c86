package user_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

type sessionUser struct {
	ID               string   `json:"id"`
	FullName         string   `json:"fullName"`
	Language         string   `json:"language"`
	Roles            []string `json:"roles"`
	IsMsp            bool     `json:"isMsp"`
	IsOspAdmin       bool     `json:"isOspAdmin"`
	CorporateAccount *struct {
		OspID       string `json:"ospId"`
		PaymentType string `json:"paymentType"`
	} `json:"corporateAccount"`
	Partner *struct {
		OspID       string `json:"ospId"`
		PartnerType string `json:"partnerType"`
	} `json:"partner"`
}

func TestCurrentUser(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		cases := []struct {
			login      string
			isMsp      bool
			isOspAdmin bool
			company    string
			partner    string
			fullName   string
		}{
			{"acme.admin", false, false, seed.AcmeOspID, seed.MobiPartnerOspID, "Anna Acme"},
			{"msp.admin", true, false, "", seed.MobiPartnerOspID, "Marc Partner"},
			{"ospadmin", true, true, "", "", "Olivia Platform"},
		}
		for _, c := range cases {
			res := e.Post("/portal-service/v1/user/current", e.LoginAs(c.login), nil)
			testkit.MustStatus(t, res, 200)
			var u sessionUser
			res.JSON(t, &u)
			if u.IsMsp != c.isMsp || u.IsOspAdmin != c.isOspAdmin || u.FullName != c.fullName {
				t.Errorf("%s: %s", c.login, res.Body)
			}
			// SPEC §6: MSP when the first and third segments of the id are equal
			seg := strings.Split(u.ID, ":")
			if len(seg) != 3 || (seg[0] == seg[2]) != c.isMsp {
				t.Errorf("%s: id %q does not encode isMsp=%v", c.login, u.ID, c.isMsp)
			}
			if (c.company == "") != (u.CorporateAccount == nil) || (u.CorporateAccount != nil && u.CorporateAccount.OspID != c.company) {
				t.Errorf("%s: company %s", c.login, res.Body)
			}
			if (c.partner == "") != (u.Partner == nil) || (u.Partner != nil && u.Partner.OspID != c.partner) {
				t.Errorf("%s: partner %s", c.login, res.Body)
			}
		}
	})
}

func TestChangeLanguage(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/changeLanguage/fr", token, nil), http.StatusNoContent)
		var lang string
		if err := e.DB.Get(context.Background(), &lang, `SELECT language FROM users WHERE login = 'acme.admin'`); err != nil || lang != "fr" {
			t.Fatalf("stored language %q %v", lang, err)
		}
		// the user's language now translates server messages
		res := e.Post("/user-service/v1/user/changePassword", token, map[string]string{"oldPassdigest": "", "newPassword": ""})
		if !strings.Contains(string(res.Body), "obligatoire") {
			t.Fatalf("message not in French: %s", res.Body)
		}
		res = e.Post("/portal-service/v1/user/changeLanguage/de", token, nil)
		if res.Status != 400 || res.Label() != "UNSUPPORTED_LANGUAGE" {
			t.Fatalf("unsupported language: %d %s", res.Status, res.Body)
		}
	})
}
