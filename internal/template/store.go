package template

import (
	"context"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// templateRow is a templates row.
type templateRow struct {
	ID                 int64     `db:"id"`
	OspID              string    `db:"osp_id"`
	Name               string    `db:"name"`
	Category           string    `db:"category"`
	OwnerType          string    `db:"owner_type"`
	OwnerKey           string    `db:"owner_key"`
	PartnerID          *int64    `db:"partner_id"`
	CorporateAccountID *int64    `db:"corporate_account_id"`
	TemplateType       string    `db:"template_type"`
	ContentType        string    `db:"content_type"`
	PredefinedName     *string   `db:"predefined_name"`
	CreatedAt          time.Time `db:"created_at"`
	UpdatedAt          time.Time `db:"updated_at"`
}

const templateCols = `t.id, t.osp_id, t.name, t.category, t.owner_type, t.owner_key, t.partner_id, t.corporate_account_id,
	t.template_type, t.content_type, t.predefined_name, t.created_at, t.updated_at`

// versionRow is a template_versions row.
type versionRow struct {
	ID                 int64     `db:"id"`
	OspID              string    `db:"osp_id"`
	TemplateID         int64     `db:"template_id"`
	Language           string    `db:"language"`
	ValidFrom          string    `db:"valid_from"`
	External           bool      `db:"external"`
	ExternalTemplateID *string   `db:"external_template_id"`
	Subject            string    `db:"subject"`
	Body               string    `db:"body"`
	CreatedBy          *int64    `db:"created_by"`
	CreatedAt          time.Time `db:"created_at"`
}

const versionCols = `v.id, v.osp_id, v.template_id, v.language, v.valid_from, v.external, v.external_template_id, v.subject, v.body,
	v.created_by, v.created_at`

// scoped is the tenant condition on templates: platform staff reach every
// template; a partner admin its partner's and its companies'; anyone else
// none (the routes let no one else in).
func scoped(scope access.Scope) (string, []any) {
	if scope.All {
		return "1=1", nil
	}
	if scope.CorporateAccountID != 0 || scope.PartnerID == 0 {
		return "1=0", nil
	}
	return scope.CompaniesOrPartner("t.corporate_account_id", "t.partner_id")
}

func (s *store) insertTemplate(ctx context.Context, r *templateRow) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO templates (osp_id, name, category, owner_type, owner_key, partner_id, corporate_account_id,
		template_type, content_type, predefined_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.Name, r.Category, r.OwnerType, r.OwnerKey, r.PartnerID, r.CorporateAccountID, r.TemplateType, r.ContentType,
		r.PredefinedName, r.CreatedAt, r.UpdatedAt)
}

func (s *store) updateTemplate(ctx context.Context, r *templateRow) error {
	_, err := s.db.Exec(ctx, `UPDATE templates SET name = ?, category = ?, template_type = ?, content_type = ?, updated_at = ? WHERE id = ?`,
		r.Name, r.Category, r.TemplateType, r.ContentType, r.UpdatedAt, r.ID)
	return err
}

func (s *store) deleteTemplate(ctx context.Context, id int64) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM template_versions WHERE template_id = ?`, id); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM templates WHERE id = ?`, id)
	return err
}

// template finds a template by public id within scope; lock takes its row
// lock (the writer's).
func (s *store) template(ctx context.Context, scope access.Scope, ospID string, lock bool) (*templateRow, error) {
	cond, args := scoped(scope)
	q := `SELECT ` + templateCols + ` FROM templates t WHERE t.osp_id = ? AND ` + cond
	if lock {
		q += s.db.Dialect.ForUpdate()
	}
	var r templateRow
	err := s.db.Get(ctx, &r, q, append([]any{ospID}, args...)...)
	return &r, err
}

// filter narrows a list of templates.
type filter struct {
	Type     string
	NameLike string
	Language string
}

// maxList bounds the templates one list reads (owners times predefined
// names and their own templates: far fewer on any platform).
const maxList = 10000

// templates lists the templates in scope matching f, by name.
func (s *store) templates(ctx context.Context, scope access.Scope, f filter) ([]templateRow, error) {
	cond, args := scoped(scope)
	where := []string{cond}
	if f.Type != "" {
		where = append(where, "t.template_type = ?")
		args = append(args, f.Type)
	}
	if strings.TrimSpace(f.NameLike) != "" {
		like := s.db.Dialect.LikeOp()
		where = append(where, "(t.name "+like+" ? ESCAPE '\\' OR t.predefined_name "+like+" ? ESCAPE '\\')")
		pat := database.LikePattern(f.NameLike)
		args = append(args, pat, pat)
	}
	if f.Language != "" {
		where = append(where, "EXISTS (SELECT 1 FROM template_versions v WHERE v.template_id = t.id AND v.language = ?)")
		args = append(args, f.Language)
	}
	var out []templateRow
	err := s.db.Select(ctx, &out, `SELECT `+templateCols+` FROM templates t WHERE `+strings.Join(where, " AND ")+`
		ORDER BY t.name, t.id LIMIT `+strconv.Itoa(maxList), args...)
	return out, err
}

// languages answers each template's languages with a version, by id.
func (s *store) languages(ctx context.Context, ids []int64) (map[int64][]string, error) {
	type row struct {
		TemplateID int64  `db:"template_id"`
		Language   string `db:"language"`
	}
	rows, err := database.SelectIn[row](ctx, s.db, ids, func(in string) string {
		return `SELECT DISTINCT template_id, language FROM template_versions WHERE template_id IN (` + in + `) ORDER BY template_id, language`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(ids))
	for _, r := range rows {
		out[r.TemplateID] = append(out[r.TemplateID], r.Language)
	}
	return out, nil
}

// versions lists a template's versions by language and valid-from.
func (s *store) versions(ctx context.Context, templateID int64) ([]versionRow, error) {
	var out []versionRow
	err := s.db.Select(ctx, &out, `SELECT `+versionCols+` FROM template_versions v WHERE v.template_id = ?
		ORDER BY v.language, v.valid_from`, templateID)
	return out, err
}

func (s *store) insertVersion(ctx context.Context, v *versionRow) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO template_versions (osp_id, template_id, language, valid_from, external, external_template_id,
		subject, body, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		v.OspID, v.TemplateID, v.Language, v.ValidFrom, v.External, v.ExternalTemplateID, v.Subject, v.Body, v.CreatedBy, v.CreatedAt)
}

func (s *store) deleteVersion(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM template_versions WHERE id = ?`, id)
	return err
}

// candidate is a version that may render a predefined mail: its
// template's owner and content type, without the texts.
type candidate struct {
	VersionID   int64  `db:"id"`
	OwnerKey    string `db:"owner_key"`
	ContentType string `db:"content_type"`
	Language    string `db:"language"`
	ValidFrom   string `db:"valid_from"`
}

// candidates answers the versions of the templates overriding predefined
// name for one of owners, in one of langs, valid on day or earlier: the
// newest per owner and language first.
func (s *store) candidates(ctx context.Context, name string, owners, langs []string, day string) ([]candidate, error) {
	args := []any{name}
	for _, o := range owners {
		args = append(args, o)
	}
	for _, l := range langs {
		args = append(args, l)
	}
	args = append(args, day)
	var out []candidate
	err := s.db.Select(ctx, &out, `SELECT v.id, t.owner_key, t.content_type, v.language, v.valid_from
		FROM templates t JOIN template_versions v ON v.template_id = t.id
		WHERE t.predefined_name = ? AND t.owner_key IN (`+database.Placeholders(len(owners))+`)
		AND v.language IN (`+database.Placeholders(len(langs))+`) AND v.valid_from <= ?
		ORDER BY t.owner_key, v.language, v.valid_from DESC`, args...)
	return out, err
}

// versionText reads a version's subject and body by id.
func (s *store) versionText(ctx context.Context, id int64) (subject, body string, err error) {
	var r struct {
		Subject string `db:"subject"`
		Body    string `db:"body"`
	}
	err = s.db.Get(ctx, &r, `SELECT subject, body FROM template_versions WHERE id = ?`, id)
	return r.Subject, r.Body, err
}

// recentRow is a template_recent_parameters row.
type recentRow struct {
	PredefinedName     string    `db:"predefined_name"`
	CorporateAccountID int64     `db:"corporate_account_id"`
	Parameters         string    `db:"parameters"`
	UsedAt             time.Time `db:"used_at"`
}

// saveRecent keeps the newest parameters per name and company.
func (s *store) saveRecent(ctx context.Context, rows []recentRow) error {
	for _, r := range rows {
		if _, err := s.db.Exec(ctx, `INSERT INTO template_recent_parameters (predefined_name, corporate_account_id, parameters, used_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (predefined_name, corporate_account_id) DO UPDATE SET parameters = excluded.parameters,
			used_at = excluded.used_at WHERE template_recent_parameters.used_at <= excluded.used_at`,
			r.PredefinedName, r.CorporateAccountID, r.Parameters, r.UsedAt); err != nil {
			return err
		}
	}
	return nil
}

// recent answers the newest parameters of a name within scope (platform
// staff: of any company or none; a partner admin: of its companies).
func (s *store) recent(ctx context.Context, scope access.Scope, name string) (*recentRow, error) {
	var cond string
	var args []any
	if scope.All {
		cond = "1=1"
	} else if scope.PartnerID != 0 && scope.CorporateAccountID == 0 {
		cond, args = scope.InCompanies("r.corporate_account_id")
	} else {
		cond = "1=0"
	}
	var r recentRow
	err := s.db.Get(ctx, &r, `SELECT r.predefined_name, r.corporate_account_id, r.parameters, r.used_at FROM template_recent_parameters r
		WHERE r.predefined_name = ? AND `+cond+` ORDER BY r.used_at DESC LIMIT 1`, append([]any{name}, args...)...)
	return &r, err
}

// externalRow is a version flagged external with its template.
type externalRow struct {
	templateRow
	Language           string `db:"language"`
	ValidFrom          string `db:"valid_from"`
	ExternalTemplateID string `db:"external_template_id"`
}

// externals lists the external versions in scope (of one type or all).
func (s *store) externals(ctx context.Context, scope access.Scope, typ string) ([]externalRow, error) {
	cond, args := scoped(scope)
	if typ != "" {
		cond += " AND t.template_type = ?"
		args = append(args, typ)
	}
	var out []externalRow
	err := s.db.Select(ctx, &out, `SELECT `+templateCols+`, v.language, v.valid_from, v.external_template_id
		FROM templates t JOIN template_versions v ON v.template_id = t.id WHERE v.external AND `+cond+`
		ORDER BY t.template_type, t.name, v.language, v.valid_from LIMIT `+strconv.Itoa(maxList), args...)
	return out, err
}
