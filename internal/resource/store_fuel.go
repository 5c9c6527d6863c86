package resource

import (
	"context"
	"time"

	"mobility/portal/internal/access"
)

// ownerRow is one owner period of a gas station.
type ownerRow struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	ResourceID         int64   `db:"resource_id"`
	OwnerName          string  `db:"owner_name"`
	CorporateAccountID int64   `db:"corporate_account_id"`
	ValidFrom          string  `db:"valid_from"`
	ValidTo            *string `db:"valid_to"`
}

const selectOwner = `SELECT o.id, o.osp_id, o.resource_id, o.owner_name, o.corporate_account_id, o.valid_from, o.valid_to
FROM fuel_station_owners o `

// owners lists a station's periods whose company lies within scope.
func (s *store) owners(ctx context.Context, scope access.Scope, resourceID int64) ([]ownerRow, error) {
	cond, args := scope.InCompanies("o.corporate_account_id")
	var rows []ownerRow
	err := s.db.Select(ctx, &rows, selectOwner+`WHERE o.resource_id = ? AND `+cond+` ORDER BY o.valid_from, o.id`,
		append([]any{resourceID}, args...)...)
	return rows, err
}

// replaceOwners replaces a station's periods, in the caller's transaction
// and under the station's row lock.
func (s *store) replaceOwners(ctx context.Context, resourceID int64, rows []ownerRow, now time.Time) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM fuel_station_owners WHERE resource_id = ?`, resourceID); err != nil {
		return err
	}
	for _, o := range rows {
		if _, err := s.db.Exec(ctx, `INSERT INTO fuel_station_owners (osp_id, resource_id, owner_name, corporate_account_id,
			valid_from, valid_to, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			o.OspID, resourceID, o.OwnerName, o.CorporateAccountID, o.ValidFrom, o.ValidTo, now); err != nil {
			return err
		}
	}
	return nil
}

// ownedBy lists a company's periods on stations that were not deleted,
// those valid on date when it is set.
func (s *store) ownedBy(ctx context.Context, companyID int64, date string) ([]ownerRow, error) {
	q := selectOwner + `JOIN resources r ON r.id = o.resource_id WHERE o.corporate_account_id = ? AND ` + live
	args := []any{companyID}
	if date != "" {
		q += ` AND o.valid_from <= ? AND (o.valid_to IS NULL OR o.valid_to >= ?)`
		args = append(args, date, date)
	}
	var rows []ownerRow
	err := s.db.Select(ctx, &rows, q+` ORDER BY r.name, r.id, o.valid_from`, args...)
	return rows, err
}

type partnerCount struct {
	PartnerID int64 `db:"mrp_partner_id"`
	Count     int   `db:"n"`
}

// stationPartners counts the active gas stations of each partner.
func (s *store) stationPartners(ctx context.Context) ([]partnerCount, error) {
	var rows []partnerCount
	err := s.db.Select(ctx, &rows, `SELECT r.mrp_partner_id, COUNT(*) AS n FROM resources r
		WHERE r.kind = ? AND r.active AND `+live+` GROUP BY r.mrp_partner_id`, KindGasStation)
	return rows, err
}
