package server_test

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the product permission calls: a product Acme
// offers (its partner selects it) and the fixture's group holds.
func init() {
	for _, p := range []string{"/product/platform/", "/product/authorization/", "/product/permission/", "/product/default/"} {
		routeIDKinds[v1+p] = map[string]string{"productOspId": "offeredProduct", "productOspIds": "offeredProduct"}
	}
	fixtureMakers["offeredProduct"] = offeredProduct
}

func offeredProduct(f *fixture, n int) string {
	e, t := f.m.e, f.m.t
	ctx := context.Background()
	pa := e.App.ProductAccess
	pa.UseCatalog(tableCatalog{e.DB}, nil)
	osp := uuid.NewString()
	now := database.Now(e.Clock.Now())
	if _, err := e.DB.Exec(ctx, `INSERT INTO products (osp_id, ext_id, active, mobility_mode, label_osp_id, default_value,
		search_text, created_at, updated_at) VALUES (?, ?, TRUE, 'TRAIN', ?, ?, ?, ?, ?)`,
		osp, fmt.Sprintf("AUTHZ-PR%d", n), uuid.NewString(), fmt.Sprintf("Fixture product %d", n), "fixture", now, now); err != nil {
		t.Fatalf("fixture product: %v", err)
	}
	mobi, acme := e.PartnerID(seed.MobiPartnerOspID), e.CorporateAccountID(seed.AcmeOspID)
	choices, err := pa.PartnerChoices(ctx, []int64{mobi})
	if err == nil {
		err = pa.SetPartnerChoice(ctx, mobi, partner.Choice{Products: append(choices[mobi].Products, osp)}, false)
	}
	if err != nil {
		t.Fatalf("fixture product, partner: %v", err)
	}
	cats, err := pa.CompanyCatalogues(ctx, map[int64]int64{acme: mobi})
	if err == nil {
		err = pa.SetCompanyChoice(ctx, acme, mobi, company.ProductChoice{Products: append(cats[acme].SelectedProducts, osp)}, false)
	}
	if err != nil {
		t.Fatalf("fixture product, company: %v", err)
	}
	res := e.Post(v1+"/product/authorization/product/usage/grant", f.token, map[string]any{"userGroupOspId": f.id("group"),
		"productOspIds": []string{osp}})
	testkit.MustStatus(t, res, http.StatusOK)
	return osp
}

// tableCatalog reads products straight from internal/product's table,
// standing in for its read model until that is wired in app.go.
type tableCatalog struct{ db *database.DB }

type productRow struct {
	ID     int64  `db:"id"`
	OspID  string `db:"osp_id"`
	ExtID  string `db:"ext_id"`
	Label  string `db:"default_value"`
	Active bool   `db:"active"`
}

func (c tableCatalog) rows(ctx context.Context, col string, n int, args []any) ([]productRow, error) {
	var rows []productRow
	if n == 0 {
		return rows, nil
	}
	err := c.db.Select(ctx, &rows, `SELECT id, osp_id, ext_id, default_value, active FROM products WHERE `+col+` IN (`+
		database.Placeholders(n)+`)`, args...)
	return rows, err
}

func (c tableCatalog) Refs(ctx context.Context, ospIDs []string) (map[string]productaccess.ProductRef, error) {
	args := make([]any, len(ospIDs))
	for i, o := range ospIDs {
		args[i] = o
	}
	rows, err := c.rows(ctx, "osp_id", len(ospIDs), args)
	out := map[string]productaccess.ProductRef{}
	for _, r := range rows {
		out[r.OspID] = productaccess.ProductRef(r)
	}
	return out, err
}

func (c tableCatalog) ByIDs(ctx context.Context, ids []int64) (map[int64]productaccess.ProductRef, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := c.rows(ctx, "id", len(ids), args)
	out := map[int64]productaccess.ProductRef{}
	for _, r := range rows {
		out[r.ID] = productaccess.ProductRef(r)
	}
	return out, err
}
