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
	// Total is a text search's number of matches (COUNT(*) OVER ()).
	Total int `db:"total"`
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

// matchCondition is the search's condition on t.id where the trigram
// table does not answer alone: PostgreSQL (ILIKE, which the pg_trgm GIN
// indexes serve from 3 characters on) and SQLite searches of 1 or 2
// characters, which no trigram index can serve (a LIKE scan: correct,
// slower).
func (s *store) matchCondition(f search) (string, []any) {
	like, pat := s.db.Dialect.LikeOp(), database.LikePattern(f.q)
	if f.byKey {
		return `t.translation_key ` + like + ` ? ESCAPE '\'`, []any{pat}
	}
	return `t.id IN (SELECT d.id FROM translations d WHERE d.default_value ` + like + ` ? ESCAPE '\'
		UNION SELECT x.translation_id FROM translation_texts x WHERE x.text ` + like + ` ? ESCAPE '\')`, []any{pat, pat}
}

// trigramSearch tells whether the SQLite trigram table answers f: a search
// of 3 or more characters in the default order (by key).
func (s *store) trigramSearch(f search, p paging.Pagination) bool {
	return s.db.Dialect == database.SQLite && utf8.RuneCountInString(database.SearchText(f.q)) >= 3 && len(p.SortOrders) == 0
}

// list answers a page of the search, sorted by key, and the number of
// rows found. A text search counts and pages in one pass (COUNT(*) OVER
// ()), so its matches among the texts are found once; a list without a
// search, or by key, counts and then reads the page in key order.
func (s *store) list(ctx context.Context, f search, p paging.Pagination) ([]row, int, error) {
	f.q = database.SearchText(f.q)
	if s.trigramSearch(f, p) {
		return s.trigramList(ctx, f, p)
	}
	var where []string
	var args []any
	if f.typ != "" {
		where, args = append(where, "t.type = ?"), append(args, f.typ)
	}
	searching := strings.TrimSpace(f.q) != ""
	if searching {
		cond, a := s.matchCondition(f)
		where, args = append(where, cond), append(args, a...)
	}
	clause := ""
	if len(where) > 0 {
		clause = " WHERE " + strings.Join(where, " AND ")
	}
	count := func() (int, error) {
		var total int
		err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM translations t`+clause, args...)
		return total, err
	}
	order := p.OrderBy(listSort, "t.translation_key ASC, t.id ASC") + ` LIMIT ? OFFSET ?`
	// a key search is cheap to run twice, and its page then walks the key
	// index and stops at the page's end rather than sort every match
	if !searching || f.byKey {
		total, err := count()
		if err != nil || total == 0 || p.Offset() >= total {
			return nil, total, err
		}
		var rows []row
		err = s.db.Select(ctx, &rows, `SELECT `+listCols+` FROM translations t`+clause+order, append(args, p.Size, p.Offset())...)
		return rows, total, err
	}
	// one statement: the page's ids and the count over every match, then
	// the page's columns (the texts' starts and lengths) for its rows alone
	var rows []row
	if err := s.db.Select(ctx, &rows, `WITH page AS (SELECT t.id, COUNT(*) OVER () AS total FROM translations t`+clause+order+`)
		SELECT `+listCols+`, page.total FROM page JOIN translations t ON t.id = page.id`+
		p.OrderBy(listSort, "t.translation_key ASC, t.id ASC"), append(args, p.Size, p.Offset())...); err != nil {
		return nil, 0, err
	}
	if len(rows) > 0 {
		return rows, rows[0].Total, nil
	}
	if p.Offset() == 0 {
		return nil, 0, nil
	}
	total, err := count() // a page past the end: how many there are
	return nil, total, err
}

// denseMatches is the number of matches from which a trigram search walks
// the key index and picks its matches (a set built once) rather than sort
// all of them by key: measured on 50,000 keys, a word in 9,500 of them
// costs 6 ms so against 31 ms sorted.
const denseMatches = 1000

// trigramList pages a search through the SQLite trigram table: the matches
// of the key column (byKey) or of the default value and texts, counted,
// then the page of the type's rows sorted by key.
func (s *store) trigramList(ctx context.Context, f search, p paging.Pagination) ([]row, int, error) {
	phrase := `"` + strings.ReplaceAll(f.q, `"`, `""`) + `"`
	match := "{default_value en nl fr de} : " + phrase
	if f.byKey {
		match = "translation_key : " + phrase
	}
	in := `t.id IN (SELECT rowid FROM translation_search WHERE translation_search MATCH ?)`
	where, args := in, []any{match}
	if f.typ != "" {
		where, args = `t.type = ? AND `+in, []any{f.typ, match}
	}
	var total int
	var err error
	if f.typ == "" {
		err = s.db.Get(ctx, &total, `SELECT COUNT(*) FROM translation_search WHERE translation_search MATCH ?`, match)
	} else {
		err = s.db.Get(ctx, &total, `SELECT COUNT(*) FROM translations t WHERE `+where, args...)
	}
	if err != nil || total == 0 || p.Offset() >= total {
		return nil, total, err
	}
	from := `translations t`
	if total > denseMatches {
		from = `translations t INDEXED BY translations_key`
		if f.typ != "" {
			from = `translations t INDEXED BY translations_type_key`
		}
	}
	var rows []row
	err = s.db.Select(ctx, &rows, `SELECT `+listCols+` FROM `+from+` WHERE `+where+` ORDER BY t.translation_key, t.id LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, total, err
}
