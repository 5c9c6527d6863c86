package testkit

import (
	"context"
	"encoding/json"

	"mobility/portal/internal/database"
	"mobility/portal/internal/productaccess"
)

// ServiceResources answers for the active service resources among
// ospIDs from internal/resource's table, as productaccess.ServiceResources:
// it stands in for resource's ActiveByOspIDs in tests until that is built.
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
