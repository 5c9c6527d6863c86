package help_test

import (
	"testing"

	"mobility/portal/internal/testkit"
)

func TestHelpInUserLanguage(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	for login, want := range map[string]string{"acme.admin": "Wat is dit portaal?", "ospadmin": "What is this portal?", "initech.admin": "Qu'est-ce que ce portail ?"} {
		res := e.Post("/portal-service/v1/help/get", e.LoginAs(login), nil)
		testkit.MustStatus(t, res, 200)
		var h struct {
			Sections []struct {
				Title string `json:"title"`
			} `json:"sections"`
			ContactEmail string `json:"contactEmail"`
		}
		res.JSON(t, &h)
		if len(h.Sections) < 5 || h.Sections[0].Title != want || h.ContactEmail == "" {
			t.Errorf("%s: %s", login, res.Body)
		}
	}
}
