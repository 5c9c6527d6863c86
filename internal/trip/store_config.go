package trip

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// store holds every SQL statement on the trip configuration tables
// (store_rates.go the tax-free rates).
type store struct{ db *database.DB }

// companyRow is a company_travel_settings row.
type companyRow struct {
	CompanyID                int64     `db:"corporate_account_id"`
	CommuteBike              bool      `db:"commute_bike_enabled"`
	CommuteCar               bool      `db:"commute_car_enabled"`
	CommuteWalk              bool      `db:"commute_walk_enabled"`
	BusinessTrips            bool      `db:"business_trips_enabled"`
	BusinessCarType          string    `db:"business_car_type"`
	BusinessBike             bool      `db:"business_bike_enabled"`
	HomeWork                 bool      `db:"home_work_enabled"`
	HomeWorkAllowance        int64     `db:"home_work_daily_allowance"`
	CarCommuteType           string    `db:"car_commute_compensation_type"`
	CommuteBikeMicro         int64     `db:"commute_bike_per_km_micro"`
	CommuteWalkMicro         int64     `db:"commute_walk_per_km_micro"`
	CommuteCarMicro          int64     `db:"commute_car_per_km_micro"`
	CommuteCarPerTrip        int64     `db:"commute_car_per_trip"`
	CommuteCarPerDay         int64     `db:"commute_car_per_day"`
	BusinessPrivateCarMicro  int64     `db:"business_private_car_per_km_micro"`
	BusinessCompanyCarMicro  int64     `db:"business_company_car_per_km_micro"`
	BusinessBikeMicro        int64     `db:"business_bike_per_km_micro"`
	AllowUserDistances       bool      `db:"allow_distances_configured_by_user"`
	PayBikeViaMobilityBudget bool      `db:"pay_bike_via_mobility_budget"`
	UpdatedAt                time.Time `db:"updated_at"`
}

const companyCols = `corporate_account_id, commute_bike_enabled, commute_car_enabled, commute_walk_enabled,
	business_trips_enabled, business_car_type, business_bike_enabled, home_work_enabled, home_work_daily_allowance,
	car_commute_compensation_type, commute_bike_per_km_micro, commute_walk_per_km_micro, commute_car_per_km_micro,
	commute_car_per_trip, commute_car_per_day, business_private_car_per_km_micro, business_company_car_per_km_micro,
	business_bike_per_km_micro, allow_distances_configured_by_user, pay_bike_via_mobility_budget, updated_at`

// defaultCompany is a company never configured: nothing compensated.
func defaultCompany(companyID int64) companyRow {
	return companyRow{CompanyID: companyID, CarCommuteType: PerKilometer}
}

// companies reads the settings of companies by id; absent ones are left
// out (the caller uses defaultCompany).
func (s *store) companies(ctx context.Context, ids []int64) (map[int64]companyRow, error) {
	rows, err := database.SelectIn[companyRow](ctx, s.db, ids, func(in string) string {
		return `SELECT ` + companyCols + ` FROM company_travel_settings WHERE corporate_account_id IN (` + in + `)`
	})
	out := make(map[int64]companyRow, len(rows))
	for _, r := range rows {
		out[r.CompanyID] = r
	}
	return out, err
}

// company reads one company's settings (the default when never set).
func (s *store) company(ctx context.Context, companyID int64) (companyRow, error) {
	m, err := s.companies(ctx, []int64{companyID})
	if r, ok := m[companyID]; ok || err != nil {
		return r, err
	}
	return defaultCompany(companyID), nil
}

// saveCompany writes a company's settings whole (insert or replace).
func (s *store) saveCompany(ctx context.Context, r companyRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO company_travel_settings (`+companyCols+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (corporate_account_id) DO UPDATE SET
		commute_bike_enabled = excluded.commute_bike_enabled, commute_car_enabled = excluded.commute_car_enabled,
		commute_walk_enabled = excluded.commute_walk_enabled, business_trips_enabled = excluded.business_trips_enabled,
		business_car_type = excluded.business_car_type, business_bike_enabled = excluded.business_bike_enabled,
		home_work_enabled = excluded.home_work_enabled, home_work_daily_allowance = excluded.home_work_daily_allowance,
		car_commute_compensation_type = excluded.car_commute_compensation_type,
		commute_bike_per_km_micro = excluded.commute_bike_per_km_micro, commute_walk_per_km_micro = excluded.commute_walk_per_km_micro,
		commute_car_per_km_micro = excluded.commute_car_per_km_micro, commute_car_per_trip = excluded.commute_car_per_trip,
		commute_car_per_day = excluded.commute_car_per_day,
		business_private_car_per_km_micro = excluded.business_private_car_per_km_micro,
		business_company_car_per_km_micro = excluded.business_company_car_per_km_micro,
		business_bike_per_km_micro = excluded.business_bike_per_km_micro,
		allow_distances_configured_by_user = excluded.allow_distances_configured_by_user,
		pay_bike_via_mobility_budget = excluded.pay_bike_via_mobility_budget, updated_at = excluded.updated_at`,
		r.CompanyID, r.CommuteBike, r.CommuteCar, r.CommuteWalk, r.BusinessTrips, r.BusinessCarType, r.BusinessBike,
		r.HomeWork, r.HomeWorkAllowance, r.CarCommuteType, r.CommuteBikeMicro, r.CommuteWalkMicro, r.CommuteCarMicro,
		r.CommuteCarPerTrip, r.CommuteCarPerDay, r.BusinessPrivateCarMicro, r.BusinessCompanyCarMicro, r.BusinessBikeMicro,
		r.AllowUserDistances, r.PayBikeViaMobilityBudget, r.UpdatedAt)
	return err
}

// userRow is a user_trip_settings row; nil overrides take the company's.
type userRow struct {
	UserID            int64     `db:"user_id"`
	CompanyID         int64     `db:"corporate_account_id"`
	BikeAllowed       bool      `db:"commute_bike_allowed"`
	CarAllowed        bool      `db:"commute_car_allowed"`
	WalkAllowed       bool      `db:"commute_walk_allowed"`
	HomeWorkAllowed   bool      `db:"home_work_allowed"`
	BusinessAllowed   bool      `db:"business_trip_allowed"`
	CarCommuteType    *string   `db:"car_commute_compensation_type"`
	CommuteBikeMicro  *int64    `db:"commute_bike_per_km_micro"`
	CommuteWalkMicro  *int64    `db:"commute_walk_per_km_micro"`
	CommuteCarMicro   *int64    `db:"commute_car_per_km_micro"`
	CommuteCarPerTrip *int64    `db:"commute_car_per_trip"`
	CommuteCarPerDay  *int64    `db:"commute_car_per_day"`
	BusinessCarMicro  *int64    `db:"business_car_per_km_micro"`
	BusinessBikeMicro *int64    `db:"business_bike_per_km_micro"`
	HomeWorkAllowance *int64    `db:"home_work_daily_allowance"`
	UpdatedAt         time.Time `db:"updated_at"`
}

const userCols = `user_id, corporate_account_id, commute_bike_allowed, commute_car_allowed, commute_walk_allowed,
	home_work_allowed, business_trip_allowed, car_commute_compensation_type, commute_bike_per_km_micro,
	commute_walk_per_km_micro, commute_car_per_km_micro, commute_car_per_trip, commute_car_per_day,
	business_car_per_km_micro, business_bike_per_km_micro, home_work_daily_allowance, updated_at`

// defaultUser is a user never configured: the commute modes the company
// offers, no home work, no business trips, no overrides.
func defaultUser(userID, companyID int64) userRow {
	return userRow{UserID: userID, CompanyID: companyID, BikeAllowed: true, CarAllowed: true, WalkAllowed: true}
}

// users reads users' settings by user id; absent ones are left out.
func (s *store) users(ctx context.Context, ids []int64) (map[int64]userRow, error) {
	rows, err := database.SelectIn[userRow](ctx, s.db, ids, func(in string) string {
		return `SELECT ` + userCols + ` FROM user_trip_settings WHERE user_id IN (` + in + `)`
	})
	out := make(map[int64]userRow, len(rows))
	for _, r := range rows {
		out[r.UserID] = r
	}
	return out, err
}

// user reads one user's settings (the default when never set).
func (s *store) user(ctx context.Context, userID, companyID int64) (userRow, error) {
	m, err := s.users(ctx, []int64{userID})
	if r, ok := m[userID]; ok || err != nil {
		return r, err
	}
	return defaultUser(userID, companyID), nil
}

// saveUser writes a user's settings whole (insert or replace).
func (s *store) saveUser(ctx context.Context, r userRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO user_trip_settings (`+userCols+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET corporate_account_id = excluded.corporate_account_id,
		commute_bike_allowed = excluded.commute_bike_allowed, commute_car_allowed = excluded.commute_car_allowed,
		commute_walk_allowed = excluded.commute_walk_allowed, home_work_allowed = excluded.home_work_allowed,
		business_trip_allowed = excluded.business_trip_allowed,
		car_commute_compensation_type = excluded.car_commute_compensation_type,
		commute_bike_per_km_micro = excluded.commute_bike_per_km_micro, commute_walk_per_km_micro = excluded.commute_walk_per_km_micro,
		commute_car_per_km_micro = excluded.commute_car_per_km_micro, commute_car_per_trip = excluded.commute_car_per_trip,
		commute_car_per_day = excluded.commute_car_per_day, business_car_per_km_micro = excluded.business_car_per_km_micro,
		business_bike_per_km_micro = excluded.business_bike_per_km_micro,
		home_work_daily_allowance = excluded.home_work_daily_allowance, updated_at = excluded.updated_at`,
		r.UserID, r.CompanyID, r.BikeAllowed, r.CarAllowed, r.WalkAllowed, r.HomeWorkAllowed, r.BusinessAllowed,
		r.CarCommuteType, r.CommuteBikeMicro, r.CommuteWalkMicro, r.CommuteCarMicro, r.CommuteCarPerTrip,
		r.CommuteCarPerDay, r.BusinessCarMicro, r.BusinessBikeMicro, r.HomeWorkAllowance, r.UpdatedAt)
	return err
}

// distanceRow is a commute_distances row.
type distanceRow struct {
	ID           int64     `db:"id"`
	OspID        string    `db:"osp_id"`
	UserID       int64     `db:"user_id"`
	CompanyID    int64     `db:"corporate_account_id"`
	ValidFrom    string    `db:"valid_from"`
	DistanceM    int       `db:"distance_m"`
	UserDistance *int      `db:"user_distance_m"`
	CreatedAt    time.Time `db:"created_at"`
	UpdatedAt    time.Time `db:"updated_at"`
}

const distanceCols = `id, osp_id, user_id, corporate_account_id, valid_from, distance_m, user_distance_m, created_at, updated_at`

// distances is a user's history, newest first.
func (s *store) distances(ctx context.Context, userID int64) ([]distanceRow, error) {
	var out []distanceRow
	err := s.db.Select(ctx, &out, `SELECT `+distanceCols+` FROM commute_distances WHERE user_id = ? ORDER BY valid_from DESC`, userID)
	return out, err
}

// distanceByOspID finds one history entry.
func (s *store) distanceByOspID(ctx context.Context, ospID string) (distanceRow, error) {
	var r distanceRow
	err := s.db.Get(ctx, &r, `SELECT `+distanceCols+` FROM commute_distances WHERE osp_id = ?`, ospID)
	return r, err
}

// distancesOn is, per user, the entry valid on day (the latest valid_from
// <= day); users without one are left out.
func (s *store) distancesOn(ctx context.Context, ids []int64, day string) (map[int64]distanceRow, error) {
	rows, err := database.SelectIn[distanceRow](ctx, s.db, ids, func(in string) string {
		return `SELECT ` + distanceCols + ` FROM commute_distances d WHERE d.user_id IN (` + in + `)
			AND d.valid_from = (SELECT MAX(x.valid_from) FROM commute_distances x WHERE x.user_id = d.user_id AND x.valid_from <= ?)`
	}, day)
	out := make(map[int64]distanceRow, len(rows))
	for _, r := range rows {
		out[r.UserID] = r
	}
	return out, err
}

// saveDistance sets the entry of (user, valid_from), keeping its osp id
// when it exists; answers the stored row.
func (s *store) saveDistance(ctx context.Context, r distanceRow) (distanceRow, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO commute_distances (osp_id, user_id, corporate_account_id, valid_from, distance_m,
		user_distance_m, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, valid_from) DO UPDATE SET distance_m = excluded.distance_m,
		user_distance_m = excluded.user_distance_m, corporate_account_id = excluded.corporate_account_id,
		updated_at = excluded.updated_at`,
		r.OspID, r.UserID, r.CompanyID, r.ValidFrom, r.DistanceM, r.UserDistance, r.CreatedAt, r.UpdatedAt); err != nil {
		return r, err
	}
	var out distanceRow
	err := s.db.Get(ctx, &out, `SELECT `+distanceCols+` FROM commute_distances WHERE user_id = ? AND valid_from = ?`, r.UserID, r.ValidFrom)
	return out, err
}

// deleteDistance removes one history entry.
func (s *store) deleteDistance(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM commute_distances WHERE id = ?`, id)
	return err
}

// commuteDirections are the directions of a user's commutes registered on
// day (any status), sorted.
func (s *store) commuteDirections(ctx context.Context, userID int64, day string) ([]string, error) {
	out := []string{}
	err := s.db.Select(ctx, &out, `SELECT direction FROM trip_registrations WHERE user_id = ? AND trip_date = ? AND kind = 'COMMUTE'
		ORDER BY direction`, userID, day)
	return out, err
}

// lockUser reads a user's settings row under its row lock, inserting the
// defaults first when there is none, so a change applies to the latest
// values (two admins changing different settings at once both land).
func (s *store) lockUser(ctx context.Context, userID, companyID int64, now time.Time) (userRow, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO user_trip_settings (user_id, corporate_account_id, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO NOTHING`, userID, companyID, now); err != nil {
		return userRow{}, err
	}
	var r userRow
	err := s.db.Get(ctx, &r, `SELECT `+userCols+` FROM user_trip_settings WHERE user_id = ?`+s.db.Dialect.ForUpdate(), userID)
	return r, err
}
