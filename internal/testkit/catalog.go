package testkit

import (
	"context"
	"encoding/json"

	"mobility/portal/internal/database"
	"mobility/portal/internal/productaccess"
)

// Catalog reads products and service resources straight from
// internal/product's and internal/resource's tables, as
// productaccess.ProductCatalog and productaccess.ServiceResources: it
// stands in for those packages' read models in tests until they are
// wired in app.go.
type Catalog struct{ DB *database.DB }

type catalogProduct struct {
	ID     int64  `db:"id"`
	OspID  string `db:"osp_id"`
	ExtID  string `db:"ext_id"`
	Label  string `db:"default_value"`
	Active bool   `db:"active"`
}

// products reads the products whose col is in keys.
func products[K comparable](ctx context.Context, db *database.DB, col string, keys []K) ([]catalogProduct, error) {
	var rows []catalogProduct
	if len(keys) == 0 {
		return rows, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	err := db.Select(ctx, &rows, `SELECT id, osp_id, ext_id, default_value, active FROM products WHERE `+col+` IN (`+
		database.Placeholders(len(keys))+`)`, args...)
	return rows, err
}

// Refs resolves product ospIds, active or not.
func (c Catalog) Refs(ctx context.Context, ospIDs []string) (map[string]productaccess.ProductRef, error) {
	rows, err := products(ctx, c.DB, "osp_id", ospIDs)
	out := map[string]productaccess.ProductRef{}
	for _, r := range rows {
		out[r.OspID] = productaccess.ProductRef(r)
	}
	return out, err
}

// ByIDs resolves product ids, active or not.
func (c Catalog) ByIDs(ctx context.Context, ids []int64) (map[int64]productaccess.ProductRef, error) {
	rows, err := products(ctx, c.DB, "id", ids)
	out := map[int64]productaccess.ProductRef{}
	for _, r := range rows {
		out[r.ID] = productaccess.ProductRef(r)
	}
	return out, err
}

// ServiceResources answers for the active service resources among
// ospIDs, as internal/resource's ActiveByOspIDs does.
type ServiceResources struct{ DB *database.DB }

func (c ServiceResources) Refs(ctx context.Context, ospIDs []string) (map[string]productaccess.ResourceRef, error) {
	out := map[string]productaccess.ResourceRef{}
	if len(ospIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(ospIDs))
	for i, o := range ospIDs {
		args[i] = o
	}
	var rows []struct {
		OspID        string `db:"osp_id"`
		Name         string `db:"name"`
		MobilityMode string `db:"mobility_mode"`
		Partner      string `db:"partner"`
	}
	err := c.DB.Select(ctx, &rows, `SELECT r.osp_id, r.name, r.mobility_mode, p.osp_id AS partner FROM resources r
		JOIN partners p ON p.id = r.mrp_partner_id WHERE r.kind = 'service' AND r.active AND r.osp_id IN (`+
		database.Placeholders(len(ospIDs))+`)`, args...)
	for _, r := range rows {
		out[r.OspID] = productaccess.ResourceRef{OspID: r.OspID, Name: r.Name, MobilityMode: r.MobilityMode, MrpPartnerOspID: r.Partner, Active: true}
	}
	return out, err
}

// Field is the first field an error body names ("" for none).
func (r *Response) Field() string {
	var b struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	_ = json.Unmarshal(r.Body, &b)
	if len(b.Errors) == 0 {
		return ""
	}
	return b.Errors[0].Field
}
