package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/template"
)

// assertTemplates: MobiPartner overrides the app users' welcome mail in
// Dutch (two versions, the second from half-way through the year) and
// French, read through the template service as MobiPartner's admin sees
// it; the platform has no template of its own (its mails are the shipped
// defaults).
func assertTemplates(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	mobi, err := app.Partners.Resolve(ctx, access.SystemScope(), seed.MobiPartnerOspID)
	if err != nil {
		t.Fatal(err)
	}
	msp := &access.Principal{Roles: []access.Role{access.UserManager}, Scope: access.Scope{PartnerID: mobi.ID}}
	page, err := app.Templates.Get(ctx, msp, template.GetRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Content) != 1 || page.Content[0].PredefinedName != "credentials_mobile" || page.Content[0].OwnerName != mobi.Name {
		t.Fatalf("MobiPartner's templates: %+v", page.Content)
	}
	one, err := app.Templates.Get(ctx, msp, template.GetRequest{OspID: page.Content[0].OspID})
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]int{}
	current := 0
	for _, v := range one.Content[0].Versions {
		langs[v.Language]++
		if v.Current {
			current++
		}
	}
	if langs["nl"] != 2 || langs["fr"] != 1 || len(langs) != 2 || current != 2 {
		t.Fatalf("versions: %+v", one.Content[0].Versions)
	}
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	all, err := app.Templates.Get(ctx, staff, template.GetRequest{})
	if err != nil || all.TotalElements != 1 {
		t.Fatalf("all templates: %+v %v", all, err)
	}
}
