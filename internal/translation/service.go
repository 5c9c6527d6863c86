package translation

import (
	"context"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Deps are what the service is built from: users' names show who last
// wrote a translation.
type Deps struct {
	DB    *database.DB
	Clock clock.Clock
	Users *user.Service
}

// Service manages translations and serves the server-message overrides.
type Service struct {
	db    *database.DB
	store *store
	clock clock.Clock
	users *user.Service
	cache atomic.Pointer[overrideSet]
}

// overrideSet is the SERVER_MESSAGE texts by catalog key and language, as
// of a version of translation_versions.
type overrideSet struct {
	version int64
	texts   map[string]map[i18n.Lang]string
}

// NewService builds the service. Its overrides are empty until Refresh
// (Watch, or any write through it) loads them.
func NewService(d Deps) *Service {
	s := &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users}
	s.cache.Store(&overrideSet{version: -1})
	return s
}

// ---- reads ----

func (s *Service) find(ctx context.Context, ospID string) (*row, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.byOspID(ctx, ospID, false)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("translation")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Get returns a translation with its whole texts.
func (s *Service) Get(ctx context.Context, _ *access.Principal, ospID string) (*Translation, error) {
	r, err := s.find(ctx, ospID)
	if err != nil {
		return nil, err
	}
	out, err := s.answers(ctx, []row{*r}, false)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// GetByKey returns the translation of a key (any case).
func (s *Service) GetByKey(ctx context.Context, _ *access.Principal, key string) (*Translation, error) {
	v := validate.New(ctx)
	if v.Required("key", key) {
		v.MaxLength("key", key, MaxKeyLength)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.byKey(ctx, strings.TrimSpace(key))
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("translation")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.answers(ctx, []row{*r}, false)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// FindByKeyLike pages through the translations whose key contains key.
func (s *Service) FindByKeyLike(ctx context.Context, _ *access.Principal, req FindByKeyRequest) (*Page, error) {
	return s.list(ctx, search{byKey: true, q: req.Key, typ: req.Type}, "key", req.Pagination)
}

// FindByTranslationLike pages through the translations whose default value
// or text in any language contains text.
func (s *Service) FindByTranslationLike(ctx context.Context, _ *access.Principal, req FindByTextRequest) (*Page, error) {
	return s.list(ctx, search{q: req.Text, typ: req.Type}, "text", req.Pagination)
}

func (s *Service) list(ctx context.Context, f search, field string, pg paging.Pagination) (*Page, error) {
	v := validate.New(ctx)
	if f.typ != "" {
		v.OneOf("type", f.typ, Types)
	}
	v.MaxLength(field, f.q, MaxSearchLength)
	if strings.IndexByte(f.q, 0) >= 0 {
		v.Fail(field, "rule.nul")
	}
	if pg.Size > MaxPageSize {
		v.Fail("pagination.size", "rule.max", MaxPageSize)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	pg = pg.Normalize(DefaultPageSize)
	f.q = strings.TrimSpace(f.q)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.answers(ctx, rows, true)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// answers adds the texts (one query) and the writers' names (one query);
// cut marks the list rows' texts cut at ListTextLength characters.
func (s *Service) answers(ctx context.Context, rows []row, cut bool) ([]Translation, error) {
	out := make([]Translation, len(rows))
	ids := make([]int64, len(rows))
	at := make(map[int64]int, len(rows))
	var writers []int64
	for i, r := range rows {
		ids[i], at[r.ID] = r.ID, i
		def, truncated := clip(r.DefaultValue, r.DefaultLength, cut)
		out[i] = Translation{OspID: r.OspID, Type: r.Type, Key: r.Key, DefaultValue: def, DefaultValueTruncated: truncated,
			Translations: []Text{}, UpdatedOn: r.UpdatedAt.UTC().Format(time.RFC3339)}
		if r.UpdatedBy != nil {
			writers = append(writers, *r.UpdatedBy)
		}
	}
	if len(rows) == 0 {
		return out, nil
	}
	texts, err := s.store.texts(ctx, ids, cut)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for _, t := range texts {
		text, truncated := clip(t.Text, t.Length, cut)
		o := &out[at[t.TranslationID]]
		o.Translations = append(o.Translations, Text{LanguageCode: codeOf(t.Language), Text: text, Length: t.Length, Truncated: truncated})
	}
	for i := range out {
		slices.SortFunc(out[i].Translations, func(a, b Text) int {
			return slices.Index(CodeList, a.LanguageCode) - slices.Index(CodeList, b.LanguageCode)
		})
	}
	if len(writers) > 0 {
		names, err := s.users.Displays(ctx, access.SystemScope(), slices.Compact(slices.Sorted(slices.Values(writers))))
		if err != nil {
			return nil, err
		}
		for i, r := range rows {
			if r.UpdatedBy != nil {
				if d, ok := names[*r.UpdatedBy]; ok {
					out[i].UpdatedBy = d.FullName()
				}
			}
		}
	}
	return out, nil
}

// clip cuts a list row's text (read as its first ListTextLength+1
// characters) to ListTextLength; truncated when the whole is longer.
func clip(s string, length int, cut bool) (string, bool) {
	if !cut || length <= ListTextLength {
		return s, false
	}
	if utf8.RuneCountInString(s) > ListTextLength {
		s = string([]rune(s)[:ListTextLength])
	}
	return s, true
}

// ---- writes ----

// checked is a write that passed the rules.
type checked struct {
	typ, key, def string
	texts         map[string]string // language → text
}

// check holds a write to SPEC §5: a known type; a key of 1 to 200
// printable characters; a default value and texts of 1 to 90,000
// characters without control characters other than tab and line breaks;
// up to four languages (GB, BE, FR, DE), each once. A server message's key
// names a text of the server, and its texts keep that text's placeholders.
func check(ctx context.Context, w Write) (checked, error) {
	v := validate.New(ctx)
	c := checked{typ: w.Type, key: strings.TrimSpace(w.Key), def: w.DefaultValue, texts: map[string]string{}}
	if v.Required("type", c.typ) {
		v.OneOf("type", c.typ, Types)
	}
	if v.Required("key", c.key) {
		v.MaxLength("key", c.key, MaxKeyLength)
		if strings.ContainsFunc(c.key, func(r rune) bool { return !unicode.IsPrint(r) }) {
			v.Fail("key", "translation.rule.keyCharacters")
		}
	}
	if v.Required("defaultValue", c.def) {
		longText(v, "defaultValue", c.def)
	}
	if len(w.Translations) > len(CodeList) {
		v.Fail("translations", "rule.maxItems", len(CodeList))
	} else {
		for i, t := range w.Translations {
			at := "translations[" + itoa(i) + "]"
			if v.Required(at+".languageCode", t.LanguageCode) {
				lang, known := Codes[t.LanguageCode]
				switch {
				case !known:
					v.Fail(at+".languageCode", "rule.oneOf", strings.Join(CodeList, ", "))
				case hasLang(w.Translations[:i], t.LanguageCode):
					v.Fail(at+".languageCode", "translation.rule.languageOnce")
				default:
					if v.Required(at+".text", t.Text) && longText(v, at+".text", t.Text) {
						c.texts[lang] = t.Text
					}
				}
			}
		}
	}
	if c.typ == TypeServerMessage && !v.Has("key") {
		if key, ok := catalogKey(c.key); !ok {
			v.Fail("key", "translation.rule.serverKey")
		} else {
			for i, t := range w.Translations {
				lang, known := Codes[t.LanguageCode]
				if !known {
					continue
				}
				want := placeholders(i18n.Builtin(i18n.Lang(lang), key))
				if got := placeholders(t.Text); !slices.Equal(got, want) {
					v.Fail("translations["+itoa(i)+"].text", "translation.rule.placeholders", placeholderList(want))
				}
			}
		}
	}
	return c, v.Err()
}

func hasLang(ts []TextWrite, code string) bool {
	return slices.ContainsFunc(ts, func(t TextWrite) bool { return t.LanguageCode == code })
}

// longText: at most MaxTextLength characters, no control characters but
// tab, line feed and carriage return.
func longText(v *validate.Checker, field, s string) bool {
	if len(s) > MaxTextLength && (len(s) > 4*MaxTextLength || utf8.RuneCountInString(s) > MaxTextLength) {
		v.Fail(field, "rule.maxLength", MaxTextLength)
		return false
	}
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' }) {
		v.Fail(field, "translation.rule.controlCharacters")
		return false
	}
	if !utf8.ValidString(s) {
		v.Fail(field, "rule.invalid")
		return false
	}
	return true
}

func itoa(i int) string { return strconv.Itoa(i) }

// catalogKey is the server text a server message's key overrides: a
// catalog key, or an errorLabel (its error.<LABEL> text).
func catalogKey(key string) (string, bool) {
	if i18n.Has(key) {
		return key, true
	}
	if i18n.Has("error." + key) {
		return "error." + key, true
	}
	return "", false
}

var verbPattern = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]`)

// placeholders are a text's fmt verbs in order (%% left out).
func placeholders(s string) []string {
	var out []string
	for _, m := range verbPattern.FindAllString(s, -1) {
		if m != "%%" {
			out = append(out, m)
		}
	}
	return out
}

func placeholderList(ps []string) string {
	if len(ps) == 0 {
		return "—"
	}
	return strings.Join(ps, " ")
}

func keyTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("key", "rule.unique")
	return v.Err()
}

func writer(p *access.Principal) *int64 {
	if p == nil || p.UserID == 0 {
		return nil
	}
	id := p.UserID
	return &id
}

// Create adds a translation with its texts.
func (s *Service) Create(ctx context.Context, p *access.Principal, w Write) (*Translation, error) {
	c, err := check(ctx, w)
	if err != nil {
		return nil, err
	}
	osp := uuid.NewString()
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.insert(ctx, osp, c.typ, c.key, c.def, database.Now(s.clock.Now()), writer(p))
		if err != nil {
			return err
		}
		if err := s.store.replaceTexts(ctx, id, c.texts); err != nil {
			return err
		}
		if c.typ == TypeServerMessage {
			return s.store.bumpVersion(ctx, TypeServerMessage)
		}
		return nil
	})
	if database.IsUniqueViolation(err) {
		return nil, keyTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if c.typ == TypeServerMessage {
		s.refreshAfterWrite(ctx)
	}
	return s.Get(ctx, p, osp)
}

// Update replaces a translation's type, key, default value and texts.
func (s *Service) Update(ctx context.Context, p *access.Principal, u Update) (*Translation, error) {
	if _, err := s.find(ctx, u.OspID); err != nil {
		return nil, err
	}
	c, err := check(ctx, u.Write)
	if err != nil {
		return nil, err
	}
	server := c.typ == TypeServerMessage
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.byOspID(ctx, u.OspID, true)
		if err != nil {
			return err
		}
		server = server || r.Type == TypeServerMessage
		if err := s.store.update(ctx, r.ID, c.typ, c.key, c.def, database.Now(s.clock.Now()), writer(p)); err != nil {
			return err
		}
		if err := s.store.replaceTexts(ctx, r.ID, c.texts); err != nil {
			return err
		}
		if server {
			return s.store.bumpVersion(ctx, TypeServerMessage)
		}
		return nil
	})
	switch {
	case database.IsNoRows(err):
		return nil, apperr.NotFound("translation")
	case database.IsUniqueViolation(err):
		return nil, keyTaken(ctx)
	case err != nil:
		return nil, apperr.Internal(err)
	}
	if server {
		s.refreshAfterWrite(ctx)
	}
	return s.Get(ctx, p, u.OspID)
}

// Delete removes a translation and its texts (a server message's built-in
// text is back at once).
func (s *Service) Delete(ctx context.Context, _ *access.Principal, ospID string) error {
	if _, err := s.find(ctx, ospID); err != nil {
		return err
	}
	server := false
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.byOspID(ctx, ospID, true)
		if err != nil {
			return err
		}
		if err := s.store.delete(ctx, r.ID); err != nil {
			return err
		}
		if server = r.Type == TypeServerMessage; server {
			return s.store.bumpVersion(ctx, TypeServerMessage)
		}
		return nil
	})
	switch {
	case database.IsNoRows(err):
		return apperr.NotFound("translation")
	case err != nil:
		return apperr.Internal(err)
	}
	if server {
		s.refreshAfterWrite(ctx)
	}
	return nil
}

// ---- server-message overrides ----

// Lookup is the i18n override (i18n.SetOverride): the SERVER_MESSAGE text
// of key in l, if there is one.
func (s *Service) Lookup(l i18n.Lang, key string) (string, bool) {
	set := s.cache.Load()
	if set == nil {
		return "", false
	}
	t, ok := set.texts[key][l]
	return t, ok
}

// Refresh loads the overrides as of now. The version is read before the
// rows: a write committed in between leaves the cache behind a version it
// already holds the rows of, never ahead, so the next poll reloads.
func (s *Service) Refresh(ctx context.Context) error {
	version, err := s.store.version(ctx, TypeServerMessage)
	if err != nil {
		return err
	}
	rows, err := s.store.overrides(ctx)
	if err != nil {
		return err
	}
	texts := map[string]map[i18n.Lang]string{}
	for _, r := range rows {
		key, ok := catalogKey(r.Key)
		if !ok {
			continue
		}
		if texts[key] == nil {
			texts[key] = map[i18n.Lang]string{}
		}
		// an explicit catalog key wins over the errorLabel naming the same text
		if _, set := texts[key][i18n.Lang(r.Language)]; !set || r.Key == key {
			texts[key][i18n.Lang(r.Language)] = r.Text
		}
	}
	next := &overrideSet{version: version, texts: texts}
	for {
		cur := s.cache.Load()
		if cur != nil && cur.version > version {
			return nil // a newer set is in already
		}
		if s.cache.CompareAndSwap(cur, next) {
			return nil
		}
	}
}

// Poll reloads the overrides when another process changed them (one read
// of the version row when nothing did).
func (s *Service) Poll(ctx context.Context) error {
	version, err := s.store.version(ctx, TypeServerMessage)
	if err != nil {
		return err
	}
	if cur := s.cache.Load(); cur != nil && cur.version == version {
		return nil
	}
	return s.Refresh(ctx)
}

// Watch makes this service the process's override source (i18n), loads
// the overrides and polls for changes every interval until ctx ends
// (portal serve runs it; writes in this process refresh at once). It
// installs itself because a process may have built other services since
// (serve --demo seeds through an App of its own).
func (s *Service) Watch(ctx context.Context, every time.Duration) {
	i18n.SetOverride(s.Lookup)
	if err := s.Refresh(ctx); err != nil && ctx.Err() == nil {
		slog.WarnContext(ctx, "translation overrides: load failed", "err", err)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.Poll(ctx); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "translation overrides: poll failed", "err", err)
			}
		}
	}
}

// refreshAfterWrite reloads after a committed write; a failure only delays
// the change until the next poll.
func (s *Service) refreshAfterWrite(ctx context.Context) {
	if err := s.Refresh(ctx); err != nil {
		slog.WarnContext(ctx, "translation overrides: refresh failed", "err", err)
	}
}
