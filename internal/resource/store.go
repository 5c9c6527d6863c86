package resource

import (
	"time"

	"mobility/portal/internal/database"
)

type store struct {
	db *database.DB
}

// row is a stored resource.
type row struct {
	ID            int64     `db:"id"`
	OspID         string    `db:"osp_id"`
	Kind          string    `db:"kind"`
	ExtID         string    `db:"ext_id"`
	Name          string    `db:"name"`
	Description   string    `db:"description"`
	Active        bool      `db:"active"`
	MrpPartnerID  int64     `db:"mrp_partner_id"`
	MobilityMode  string    `db:"mobility_mode"`
	Street        string    `db:"street"`
	StreetNumber  string    `db:"street_number"`
	ZipCode       string    `db:"zip_code"`
	City          string    `db:"city"`
	Latitude      *float64  `db:"latitude"`
	Longitude     *float64  `db:"longitude"`
	Capacity      *int      `db:"capacity"`
	CarCategory   *string   `db:"car_category"`
	NumberOfPumps *int      `db:"number_of_pumps"`
	HasIcon       bool      `db:"has_icon"`
	CreatedAt     time.Time `db:"created_at"`
	UpdatedAt     time.Time `db:"updated_at"`
}
