package branding

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// store holds the SQL of branding_configurations and branding_images.
// Every row belongs to exactly one owner: partner_id or
// corporate_account_id. Callers reach an owner through company or partner
// (in the caller's scope) before any of these run, so the ids here are
// already the caller's.
type store struct{ db *database.DB }

// ownerCol is the column naming an owner of kind (a constant, never input).
func ownerCol(kind string) string {
	if kind == OwnerPartner {
		return "partner_id"
	}
	return "corporate_account_id"
}

type configRow struct {
	PartnerID          *int64  `db:"partner_id"`
	CorporateAccountID *int64  `db:"corporate_account_id"`
	BrandColor         *string `db:"brand_color"`
	PrimaryColor       *string `db:"primary_color"`
	SecondaryColor     *string `db:"secondary_color"`
	VariantColor       *string `db:"variant_color"`
}

type imageRow struct {
	PartnerID          *int64 `db:"partner_id"`
	CorporateAccountID *int64 `db:"corporate_account_id"`
	ImageType          string `db:"image_type"`
	ContentType        string `db:"content_type"`
	Width              int    `db:"width"`
	Height             int    `db:"height"`
	Size               int    `db:"size_bytes"`
	SHA256             string `db:"sha256"`
	FileName           string `db:"file_name"`
}

// configs reads the configurations of a partner and (when companyID is not
// 0) of a company of it, in one query.
func (s *store) configs(ctx context.Context, partnerID, companyID int64) ([]configRow, error) {
	var rows []configRow
	err := s.db.Select(ctx, &rows, `SELECT partner_id, corporate_account_id, brand_color, primary_color, secondary_color, variant_color
		FROM branding_configurations WHERE partner_id = ? OR corporate_account_id = ?`, partnerID, companyID)
	return rows, err
}

// images reads the image descriptions (not the bytes) of a partner and of a
// company of it, in one query.
func (s *store) images(ctx context.Context, partnerID, companyID int64) ([]imageRow, error) {
	var rows []imageRow
	err := s.db.Select(ctx, &rows, `SELECT partner_id, corporate_account_id, image_type, content_type, width, height, size_bytes, sha256, file_name
		FROM branding_images WHERE partner_id = ? OR corporate_account_id = ?`, partnerID, companyID)
	return rows, err
}

// content reads the bytes of an owner's image of a type.
func (s *store) content(ctx context.Context, kind string, ownerID int64, imageType string) ([]byte, error) {
	var b []byte
	err := s.db.Get(ctx, &b, `SELECT content FROM branding_images WHERE `+ownerCol(kind)+` = ? AND image_type = ?`, ownerID, imageType)
	return b, err
}

// saveConfig writes an owner's own colours (nil: inherit).
func (s *store) saveConfig(ctx context.Context, kind string, ownerID int64, c OwnColors, now time.Time) error {
	col := ownerCol(kind)
	_, err := s.db.Exec(ctx, `INSERT INTO branding_configurations (`+col+`, brand_color, primary_color, secondary_color, variant_color, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (`+col+`) DO UPDATE SET brand_color = excluded.brand_color, primary_color = excluded.primary_color,
		secondary_color = excluded.secondary_color, variant_color = excluded.variant_color, updated_at = excluded.updated_at`,
		ownerID, c.BrandColor, c.PrimaryColor, c.SecondaryColor, c.VariantColor, now)
	return err
}

// reset drops an owner's configuration and images; it tells whether there
// was anything.
func (s *store) reset(ctx context.Context, kind string, ownerID int64) (int64, error) {
	col := ownerCol(kind)
	n, err := s.db.Exec(ctx, `DELETE FROM branding_configurations WHERE `+col+` = ?`, ownerID)
	if err != nil {
		return 0, err
	}
	m, err := s.db.Exec(ctx, `DELETE FROM branding_images WHERE `+col+` = ?`, ownerID)
	return n + m, err
}

// saveImage writes (or replaces) an owner's image of a type.
func (s *store) saveImage(ctx context.Context, kind string, ownerID int64, img imageRow, content []byte, now time.Time) error {
	col := ownerCol(kind)
	_, err := s.db.Exec(ctx, `INSERT INTO branding_images (`+col+`, image_type, content_type, width, height, size_bytes, sha256, file_name, content, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (`+col+`, image_type) DO UPDATE SET content_type = excluded.content_type, width = excluded.width,
		height = excluded.height, size_bytes = excluded.size_bytes, sha256 = excluded.sha256, file_name = excluded.file_name,
		content = excluded.content, updated_at = excluded.updated_at`,
		ownerID, img.ImageType, img.ContentType, img.Width, img.Height, img.Size, img.SHA256, img.FileName, content, now)
	return err
}

// deleteImage removes an owner's image of a type; it tells how many rows went.
func (s *store) deleteImage(ctx context.Context, kind string, ownerID int64, imageType string) (int64, error) {
	return s.db.Exec(ctx, `DELETE FROM branding_images WHERE `+ownerCol(kind)+` = ? AND image_type = ?`, ownerID, imageType)
}

// partnerConfigs reads the configurations of partners by id, one query per
// 500 ids.
func (s *store) partnerConfigs(ctx context.Context, partnerIDs []int64) ([]configRow, error) {
	return database.SelectIn[configRow](ctx, s.db, partnerIDs, func(in string) string {
		return `SELECT partner_id, corporate_account_id, brand_color, primary_color, secondary_color, variant_color
			FROM branding_configurations WHERE partner_id IN (` + in + `)`
	})
}
