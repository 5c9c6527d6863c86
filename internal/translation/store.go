package translation

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// row is a stored translation; in a list, DefaultValue is its first
// ListTextLength+1 characters and DefaultLength the whole one's length.
type row struct {
	ID            int64     `db:"id"`
	OspID         string    `db:"osp_id"`
	Type          string    `db:"type"`
	Key           string    `db:"translation_key"`
	DefaultValue  string    `db:"default_value"`
	DefaultLength int       `db:"default_length"`
	UpdatedAt     time.Time `db:"updated_at"`
	UpdatedBy     *int64    `db:"updated_by"`
}

// textRow is a stored text; in a list, Text is cut as DefaultValue.
type textRow struct {
	TranslationID int64  `db:"translation_id"`
	Language      string `db:"language"`
	Text          string `db:"text"`
	Length        int    `db:"length"`
}

const fullCols = `t.id, t.osp_id, t.type, t.translation_key, t.default_value, length(t.default_value) AS default_length,
	t.updated_at, t.updated_by`

// listCols cut the default value: a list row carries its start only.
var listCols = `t.id, t.osp_id, t.type, t.translation_key, substr(t.default_value, 1, ` + strconv.Itoa(ListTextLength+1) + `) AS default_value,
	length(t.default_value) AS default_length, t.updated_at, t.updated_by`

func (s *store) byOspID(ctx context.Context, ospID string, lock bool) (*row, error) {
	var r row
	q := `SELECT ` + fullCols + ` FROM translations t WHERE t.osp_id = ?`
	if lock {
		q += s.db.Dialect.ForUpdate()
	}
	err := s.db.Get(ctx, &r, q, ospID)
	return &r, err
}

func (s *store) byKey(ctx context.Context, key string) (*row, error) {
	var r row
	err := s.db.Get(ctx, &r, `SELECT `+fullCols+` FROM translations t WHERE lower(t.translation_key) = lower(?)`, key)
	return &r, err
}

// texts reads the texts of translations, whole or cut for a list.
func (s *store) texts(ctx context.Context, ids []int64, cut bool) ([]textRow, error) {
	text := "x.text"
	if cut {
		text = "substr(x.text, 1, " + strconv.Itoa(ListTextLength+1) + ")"
	}
	return database.SelectIn[textRow](ctx, s.db, ids, func(in string) string {
		return `SELECT x.translation_id, x.language, ` + text + ` AS text, length(x.text) AS length FROM translation_texts x
			WHERE x.translation_id IN (` + in + `) ORDER BY x.translation_id, x.language`
	})
}

func (s *store) insert(ctx context.Context, ospID, typ, key, def string, now time.Time, by *int64) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO translations (osp_id, type, translation_key, default_value, created_at, updated_at, updated_by)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, ospID, typ, key, def, now, now, by)
}

func (s *store) update(ctx context.Context, id int64, typ, key, def string, now time.Time, by *int64) error {
	_, err := s.db.Exec(ctx, `UPDATE translations SET type = ?, translation_key = ?, default_value = ?, updated_at = ?, updated_by = ?
		WHERE id = ?`, typ, key, def, now, by, id)
	return err
}

// replaceTexts makes the translation's texts exactly ts (language → text):
// a changed text is updated, a new one inserted, a missing one deleted, so
// the search index only redoes what changed.
func (s *store) replaceTexts(ctx context.Context, id int64, ts map[string]string) error {
	var old []textRow
	if err := s.db.Select(ctx, &old, `SELECT translation_id, language, text, length(text) AS length FROM translation_texts
		WHERE translation_id = ?`, id); err != nil {
		return err
	}
	have := map[string]string{}
	for _, o := range old {
		have[o.Language] = o.Text
		if _, keep := ts[o.Language]; !keep {
			if _, err := s.db.Exec(ctx, `DELETE FROM translation_texts WHERE translation_id = ? AND language = ?`, id, o.Language); err != nil {
				return err
			}
		}
	}
	for lang, text := range ts {
		prev, ok := have[lang]
		switch {
		case !ok:
			if _, err := s.db.Exec(ctx, `INSERT INTO translation_texts (translation_id, language, text) VALUES (?, ?, ?)`,
				id, lang, text); err != nil {
				return err
			}
		case prev != text:
			if _, err := s.db.Exec(ctx, `UPDATE translation_texts SET text = ? WHERE translation_id = ? AND language = ?`,
				text, id, lang); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *store) delete(ctx context.Context, id int64) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM translation_texts WHERE translation_id = ?`, id); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM translations WHERE id = ?`, id)
	return err
}

// bumpVersion raises the version of an override set (in the write's
// transaction).
func (s *store) bumpVersion(ctx context.Context, name string) error {
	_, err := s.db.Exec(ctx, `UPDATE translation_versions SET version = version + 1 WHERE name = ?`, name)
	return err
}

func (s *store) version(ctx context.Context, name string) (int64, error) {
	var v int64
	err := s.db.Get(ctx, &v, `SELECT version FROM translation_versions WHERE name = ?`, name)
	return v, err
}

// overrideRow is one language's text of a server message.
type overrideRow struct {
	Key      string `db:"translation_key"`
	Language string `db:"language"`
	Text     string `db:"text"`
}

func (s *store) overrides(ctx context.Context) ([]overrideRow, error) {
	var out []overrideRow
	err := s.db.Select(ctx, &out, `SELECT t.translation_key, x.language, x.text FROM translations t
		JOIN translation_texts x ON x.translation_id = t.id WHERE t.type = ?`, TypeServerMessage)
	return out, err
}

// search is a list request: q a part of the key (byKey) or of the default
// value or a text, typ a type or "".
type search struct {
	byKey bool
	q     string
	typ   string
}

var listSort = map[string]string{"key": "t.translation_key", "type": "t.type", "updatedOn": "t.updated_at"}

// matchCondition is the search's condition on t.id. A search of 3 or more
// characters uses the trigram indexes: the FTS5 tables on SQLite, pg_trgm
// GIN indexes (which ILIKE uses) on PostgreSQL; a shorter one cannot, and
// scans with LIKE (correct, slower).
func (s *store) matchCondition(f search) (string, []any) {
	q := database.SearchText(f.q)
	if s.db.Dialect == database.SQLite && utf8.RuneCountInString(q) >= 3 {
		phrase := `"` + strings.ReplaceAll(q, `"`, `""`) + `"`
		if f.byKey {
			return `t.id IN (SELECT rowid FROM translations_fts WHERE translations_fts MATCH ?)`, []any{"translation_key : " + phrase}
		}
		return `t.id IN (SELECT rowid FROM translations_fts WHERE translations_fts MATCH ?
			UNION SELECT x.translation_id FROM translation_texts x WHERE x.id IN
				(SELECT rowid FROM translation_texts_fts WHERE translation_texts_fts MATCH ?))`,
			[]any{"default_value : " + phrase, phrase}
	}
	like, pat := s.db.Dialect.LikeOp(), database.LikePattern(q)
	if f.byKey {
		return `t.translation_key ` + like + ` ? ESCAPE '\'`, []any{pat}
	}
	return `t.id IN (SELECT d.id FROM translations d WHERE d.default_value ` + like + ` ? ESCAPE '\'
		UNION SELECT x.translation_id FROM translation_texts x WHERE x.text ` + like + ` ? ESCAPE '\')`, []any{pat, pat}
}

// list answers a page of the search, sorted by key, and the number of
// rows found.
func (s *store) list(ctx context.Context, f search, p paging.Pagination) ([]row, int, error) {
	var where []string
	var args []any
	if f.typ != "" {
		where, args = append(where, "t.type = ?"), append(args, f.typ)
	}
	if strings.TrimSpace(f.q) != "" {
		cond, a := s.matchCondition(f)
		where, args = append(where, cond), append(args, a...)
	}
	clause := ""
	if len(where) > 0 {
		clause = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM translations t`+clause, args...); err != nil {
		return nil, 0, err
	}
	if total == 0 || p.Offset() >= total {
		return nil, total, nil
	}
	var rows []row
	err := s.db.Select(ctx, &rows, `SELECT `+listCols+` FROM translations t`+clause+
		p.OrderBy(listSort, "t.translation_key ASC, t.id ASC")+` LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return rows, total, err
}
