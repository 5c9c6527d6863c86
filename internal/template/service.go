package template

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
var (
	// LabelOverrideExists: the owner already overrides this predefined mail.
	LabelOverrideExists = apperr.Define("TEMPLATE_OVERRIDE_EXISTS")
)

// Deps are what the service is built from: owners are partners and
// companies (their names, their tenancy), versions name their writer.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Partners  *partner.Service
	Users     *user.Service
}

// Service manages templates and renders mails from them.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	partners  *partner.Service
	users     *user.Service
	cache     *cache
	recent    *recentBuffer
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, partners: d.Partners, users: d.Users,
		cache: &cache{m: map[int64]*compiledVersion{}}, recent: &recentBuffer{m: map[recentKey]recentRow{}}}
}

func (s *Service) today() string { return clock.Today(s.clock.Now()) }

// ---- checks ----

// problems collects the template field errors (messages of their own, no
// field label) beside a validate.Checker's.
type problems struct {
	lang   i18n.Lang
	fields []apperr.FieldError
}

func (ps *problems) add(field string, pr *problem) {
	for _, f := range ps.fields {
		if f.Field == field {
			return
		}
	}
	ps.fields = append(ps.fields, apperr.FieldError{Field: field, Messages: []string{i18n.T(ps.lang, pr.key, pr.args...)}})
}

// err merges the checker's errors and the template problems into one
// VALIDATION_FAILED ("Some fields are invalid"), or nil.
func (ps *problems) err(v *validate.Checker) error {
	base := v.Err()
	if len(ps.fields) == 0 {
		return base
	}
	var all apperr.Validation
	if e := apperr.As(base); e != nil {
		for _, f := range e.Fields {
			for _, m := range f.Messages {
				all.Add(f.Field, m)
			}
		}
	}
	for _, f := range ps.fields {
		all.Add(f.Field, f.Messages[0])
	}
	return all.Err()
}

// checkContent compiles a subject and a body; problems name the fields.
func checkContent(ps *problems, field, subject, body string, html bool, params declared) (*compiled, *compiled) {
	var sc, bc *compiled
	var err error
	if utf8.RuneCountInString(subject) > MaxSubjectLength {
		ps.add(field+"subject", refuse("template.rule.tooLong", MaxSubjectLength))
	} else if sc, err = compile(subject, false, params); err != nil {
		ps.add(field+"subject", asProblem(err))
	}
	if utf8.RuneCountInString(body) > MaxBodyLength {
		ps.add(field+"body", refuse("template.rule.tooLong", MaxBodyLength))
	} else if bc, err = compile(body, html, params); err != nil {
		ps.add(field+"body", asProblem(err))
	}
	return sc, bc
}

func asProblem(err error) *problem {
	if pr, ok := err.(*problem); ok {
		return pr
	}
	return refuse("template.rule.syntax", 1, err.Error())
}

// maxValidFromYears bounds how far ahead a version may start.
const maxValidFromYears = 10

// checkVersions checks new versions: language, a valid-from today or later
// (a version in effect is history and never changes), each (language,
// valid-from) once, external id with the flag, and content the engine
// accepts for the template's content type and predefined parameters.
func (s *Service) checkVersions(v *validate.Checker, ps *problems, vs []VersionWrite, html bool, params declared) {
	today := s.today()
	last, _ := clock.AddDays(today, 366*maxValidFromYears)
	seen := map[string]int{}
	for i, w := range vs {
		f := fmt.Sprintf("versions[%d].", i)
		v.OneOf(f+"language", w.Language, Languages)
		if v.Required(f+"validFrom", w.ValidFrom) {
			v.Date(f+"validFrom", w.ValidFrom)
			if !v.Has(f+"validFrom") && (w.ValidFrom < today || w.ValidFrom > last) {
				v.Fail(f+"validFrom", "template.rule.validFrom", today, last)
			}
		}
		key := w.Language + "/" + w.ValidFrom
		if j, dup := seen[key]; dup {
			v.Fail(f+"validFrom", "template.rule.versionTwice", j+1)
		}
		seen[key] = i
		if w.External {
			if v.Required(f+"externalTemplateId", w.ExternalTemplateID) {
				v.ExtID(f+"externalTemplateId", w.ExternalTemplateID)
			}
		}
		v.Required(f+"subject", w.Subject)
		v.Required(f+"body", w.Body)
		checkContent(ps, f, w.Subject, w.Body, html, params)
	}
}

// paramsOf are the declared parameters of a predefined name (nil for a
// template of its own: any parameter, used consistently).
func paramsOf(name string) declared {
	if d, ok := Lookup(name); ok {
		return declare(d.Params)
	}
	return nil
}

// owner is a template's owner as resolved.
type owner struct {
	Type      string
	Key       string
	PartnerID *int64
	CompanyID *int64
	OspID     string
	Name      string
}

// resolveOwner finds the owner a create names, within the caller's reach:
// the platform (staff only), a partner or a company in scope (else 404).
func (s *Service) resolveOwner(ctx context.Context, p *access.Principal, v *validate.Checker, typ, ospID string) (*owner, error) {
	v.OneOf("ownerType", typ, []string{OwnerPlatform, OwnerPartner, OwnerCompany})
	switch typ {
	case OwnerPlatform:
		if !p.IsOspAdmin() {
			v.Fail("ownerType", "template.rule.platformOwner")
			return nil, nil
		}
		return &owner{Type: typ, Key: "platform", Name: platformName}, nil
	case OwnerPartner:
		if !v.Required("ownerOspId", ospID) {
			return nil, nil
		}
		pa, err := s.partners.Resolve(ctx, p.Scope, ospID)
		if err != nil {
			return nil, err
		}
		if !pa.Active {
			v.Fail("ownerOspId", "template.rule.activeOwner")
			return nil, nil
		}
		return &owner{Type: typ, Key: fmt.Sprintf("partner:%d", pa.ID), PartnerID: &pa.ID, OspID: pa.OspID, Name: pa.Name}, nil
	case OwnerCompany:
		if !v.Required("ownerOspId", ospID) {
			return nil, nil
		}
		ca, err := s.companies.Resolve(ctx, p, ospID)
		if err != nil {
			return nil, err
		}
		if !ca.Active {
			v.Fail("ownerOspId", "template.rule.activeOwner")
			return nil, nil
		}
		return &owner{Type: typ, Key: fmt.Sprintf("company:%d", ca.ID), CompanyID: &ca.ID, OspID: ca.OspID, Name: ca.Name}, nil
	}
	return nil, nil
}

// platformName is the owner name of the platform's templates.
const platformName = "Platform"

// checkFields checks name, category, types and the predefined name.
func checkFields(v *validate.Checker, name, category, templateType, contentType, predefinedName string) {
	if v.Required("name", name) {
		v.MaxLength("name", name, 200)
	}
	v.OneOf("category", category, Categories)
	v.OneOf("templateType", templateType, TemplateTypes)
	v.OneOf("contentType", contentType, ContentTypes)
	if predefinedName != "" {
		d, ok := Lookup(predefinedName)
		switch {
		case !ok:
			v.Fail("predefinedName", "template.rule.predefinedName")
		case templateType != "" && d.Type != templateType && !v.Has("templateType"):
			v.Fail("templateType", "template.rule.predefinedType", d.Type)
		}
	}
}

// ---- writes ----

// Create adds a template with its first versions.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Template, error) {
	v := validate.New(ctx)
	ps := &problems{lang: i18n.FromContext(ctx)}
	o, err := s.resolveOwner(ctx, p, v, req.OwnerType, req.OwnerOspID)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	checkFields(v, req.Name, req.Category, req.TemplateType, req.ContentType, req.PredefinedName)
	s.checkVersions(v, ps, req.Versions, req.ContentType == ContentHTML, paramsOf(req.PredefinedName))
	if err := ps.err(v); err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := &templateRow{OspID: uuid.NewString(), Name: strings.TrimSpace(req.Name), Category: req.Category, OwnerType: o.Type,
		OwnerKey: o.Key, PartnerID: o.PartnerID, CorporateAccountID: o.CompanyID, TemplateType: req.TemplateType,
		ContentType: req.ContentType, CreatedAt: now, UpdatedAt: now}
	if req.PredefinedName != "" {
		r.PredefinedName = &req.PredefinedName
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.insertTemplate(ctx, r)
		if err != nil {
			if database.IsUniqueViolation(err) {
				return apperr.Invalid(LabelOverrideExists, "predefinedName", i18n.T(i18n.FromContext(ctx), "template.rule.overrideExists"))
			}
			return err
		}
		r.ID = id
		return s.addVersions(ctx, p, r.ID, nil, req.Versions, now)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, p, r)
}

// addVersions stores new versions; one with the language and valid-from
// of an existing one (not yet in effect: checked) replaces it by a new
// row, so a version id always names the same text.
func (s *Service) addVersions(ctx context.Context, p *access.Principal, templateID int64, existing []versionRow, vs []VersionWrite, now time.Time) error {
	for _, w := range vs {
		for _, e := range existing {
			if e.Language == w.Language && e.ValidFrom == w.ValidFrom {
				if err := s.store.deleteVersion(ctx, e.ID); err != nil {
					return err
				}
			}
		}
		row := &versionRow{OspID: uuid.NewString(), TemplateID: templateID, Language: w.Language, ValidFrom: w.ValidFrom,
			External: w.External, Subject: w.Subject, Body: w.Body, CreatedAt: now}
		if w.External {
			row.ExternalTemplateID = &w.ExternalTemplateID
		}
		if p != nil && p.UserID != 0 {
			row.CreatedBy = &p.UserID
		}
		if _, err := s.store.insertVersion(ctx, row); err != nil {
			return err
		}
	}
	return nil
}

// Update changes a template's name, category, types and adds versions.
// A change of content type is checked against the versions still to be
// used (today's and later ones).
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Template, error) {
	v := validate.New(ctx)
	ps := &problems{lang: i18n.FromContext(ctx)}
	v.Required("ospId", req.OspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var r *templateRow
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		r, err = s.store.template(ctx, p.Scope, req.OspID, true)
		if database.IsNoRows(err) {
			return apperr.NotFound("template")
		}
		if err != nil {
			return err
		}
		predefined := ""
		if r.PredefinedName != nil {
			predefined = *r.PredefinedName
		}
		checkFields(v, req.Name, req.Category, req.TemplateType, req.ContentType, predefined)
		html := req.ContentType == ContentHTML
		params := paramsOf(predefined)
		s.checkVersions(v, ps, req.Versions, html, params)
		existing, err := s.store.versions(ctx, r.ID)
		if err != nil {
			return err
		}
		if req.ContentType != r.ContentType && !v.Has("contentType") {
			for _, e := range inUse(existing, s.today()) {
				cp := &problems{lang: ps.lang}
				checkContent(cp, "", e.Subject, e.Body, html, params)
				if len(cp.fields) > 0 {
					v.Fail("contentType", "template.rule.contentTypeBreaks", e.Language, e.ValidFrom)
					break
				}
			}
		}
		if err := ps.err(v); err != nil {
			return err
		}
		r.Name, r.Category, r.TemplateType, r.ContentType = strings.TrimSpace(req.Name), req.Category, req.TemplateType, req.ContentType
		r.UpdatedAt = database.Now(s.clock.Now())
		if err := s.store.updateTemplate(ctx, r); err != nil {
			return err
		}
		return s.addVersions(ctx, p, r.ID, existing, req.Versions, r.UpdatedAt)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, p, r)
}

// inUse are the versions still to be used: per language the one valid
// today and every later one.
func inUse(vs []versionRow, today string) []versionRow {
	var out []versionRow
	current := map[string]versionRow{}
	for _, v := range vs {
		if v.ValidFrom > today {
			out = append(out, v)
		} else if c, ok := current[v.Language]; !ok || v.ValidFrom > c.ValidFrom {
			current[v.Language] = v
		}
	}
	for _, v := range current {
		out = append(out, v)
	}
	return out
}

// Delete removes a template and its versions: its owner's users get the
// next template in line from then on (mails already queued keep theirs).
func (s *Service) Delete(ctx context.Context, p *access.Principal, ospID string) error {
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.template(ctx, p.Scope, ospID, true)
		if database.IsNoRows(err) {
			return apperr.NotFound("template")
		}
		if err != nil {
			return err
		}
		return s.store.deleteTemplate(ctx, r.ID)
	}))
}

// ---- reads ----

// one answers a template with its versions.
func (s *Service) one(ctx context.Context, p *access.Principal, r *templateRow) (*Template, error) {
	out, err := s.answers(ctx, []templateRow{*r})
	if err != nil {
		return nil, err
	}
	t := out[0]
	vs, err := s.store.versions(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	t.Versions, err = s.versionAnswers(ctx, vs)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (s *Service) versionAnswers(ctx context.Context, vs []versionRow) ([]Version, error) {
	var ids []int64
	for _, v := range vs {
		if v.CreatedBy != nil {
			ids = append(ids, *v.CreatedBy)
		}
	}
	who, err := s.users.Displays(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, err
	}
	today := s.today()
	current := map[string]string{}
	for _, v := range vs {
		if v.ValidFrom <= today && v.ValidFrom > current[v.Language] {
			current[v.Language] = v.ValidFrom
		}
	}
	out := make([]Version, len(vs))
	for i, v := range vs {
		a := Version{OspID: v.OspID, Language: v.Language, ValidFrom: v.ValidFrom, External: v.External, Subject: v.Subject,
			Body: v.Body, CreatedOn: v.CreatedAt.In(clock.Brussels).Format(time.RFC3339), Current: current[v.Language] == v.ValidFrom}
		if v.ExternalTemplateID != nil {
			a.ExternalTemplateID = *v.ExternalTemplateID
		}
		if v.CreatedBy != nil {
			if d, ok := who[*v.CreatedBy]; ok && d.Login != nil {
				a.CreatedBy = *d.Login
			}
		}
		out[i] = a
	}
	return out, nil
}

// answers turns rows into answers with their owners' names and their
// languages, in a few queries whatever the number of rows.
func (s *Service) answers(ctx context.Context, rows []templateRow) ([]Template, error) {
	names, err := s.ownerNames(ctx, rows)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	langs, err := s.store.languages(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Template, len(rows))
	for i, r := range rows {
		n := names[r.OwnerKey]
		t := Template{OspID: r.OspID, Name: r.Name, Category: r.Category, OwnerType: r.OwnerType, OwnerOspID: n.OspID, OwnerName: n.Name,
			TemplateType: r.TemplateType, ContentType: r.ContentType, Languages: langs[r.ID],
			CreatedOn: r.CreatedAt.In(clock.Brussels).Format(time.RFC3339), UpdatedOn: r.UpdatedAt.In(clock.Brussels).Format(time.RFC3339)}
		if t.Languages == nil {
			t.Languages = []string{}
		}
		if r.PredefinedName != nil {
			t.PredefinedName = *r.PredefinedName
		}
		out[i] = t
	}
	return out, nil
}

// ownerNames answers the owners of rows by owner key (one query for the
// partners, one per 500 companies).
func (s *Service) ownerNames(ctx context.Context, rows []templateRow) (map[string]owner, error) {
	var pids, cids []int64
	for _, r := range rows {
		if r.PartnerID != nil {
			pids = append(pids, *r.PartnerID)
		}
		if r.CorporateAccountID != nil {
			cids = append(cids, *r.CorporateAccountID)
		}
	}
	out := map[string]owner{"platform": {Name: platformName}}
	// the rows were read within the caller's scope: their owners' names
	// are the caller's to see
	if len(pids) > 0 {
		ps, err := s.partners.ByIDs(ctx, access.SystemScope(), slices.Compact(pids))
		if err != nil {
			return nil, err
		}
		for id, pa := range ps {
			out[fmt.Sprintf("partner:%d", id)] = owner{OspID: pa.OspID, Name: pa.Name}
		}
	}
	if len(cids) > 0 {
		cs, err := s.companies.Names(ctx, access.SystemScope(), cids)
		if err != nil {
			return nil, err
		}
		for id, ca := range cs {
			out[fmt.Sprintf("company:%d", id)] = owner{OspID: ca.OspID, Name: ca.Name}
		}
	}
	return out, nil
}

// Get answers one template by ospId with its versions, or a page of the
// templates in reach matching the filters, by name.
func (s *Service) Get(ctx context.Context, p *access.Principal, req GetRequest) (*paging.Page[Template], error) {
	pg := req.Pagination.Normalize(20)
	if req.OspID != "" {
		r, err := s.store.template(ctx, p.Scope, req.OspID, false)
		if database.IsNoRows(err) {
			return nil, apperr.NotFound("template")
		}
		if err != nil {
			return nil, apperr.Internal(err)
		}
		t, err := s.one(ctx, p, r)
		if err != nil {
			return nil, err
		}
		page := paging.NewPage([]Template{*t}, 1, paging.Pagination{Page: 1, Size: 1})
		return &page, nil
	}
	v := validate.New(ctx)
	if req.TemplateType != "" {
		v.OneOf("templateType", req.TemplateType, TemplateTypes)
	}
	if req.Language != "" {
		v.OneOf("language", req.Language, Languages)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	rows, err := s.store.templates(ctx, p.Scope, filter{Type: req.TemplateType, NameLike: req.TemplateNameLike, Language: req.Language})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if q := strings.ToLower(strings.TrimSpace(req.OwnerNameLike)); q != "" {
		names, err := s.ownerNames(ctx, rows)
		if err != nil {
			return nil, err
		}
		kept := rows[:0]
		for _, r := range rows {
			if strings.Contains(strings.ToLower(names[r.OwnerKey].Name), q) {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	total := len(rows)
	from := min(pg.Offset(), total)
	to := min(from+pg.Size, total)
	out, err := s.answers(ctx, rows[from:to])
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// Owners lists the owners the caller may give a template: platform staff
// the platform, every active MSP partner and active company (up to 1000);
// a partner admin its partner and its active companies.
func (s *Service) Owners(ctx context.Context, p *access.Principal) ([]Owner, error) {
	out := []Owner{}
	if p.IsOspAdmin() {
		out = append(out, Owner{OwnerType: OwnerPlatform, Name: platformName})
	}
	active := true
	partners, err := s.partners.GetAll(ctx, p, partner.GetAllRequest{Active: &active})
	if err != nil {
		return nil, err
	}
	for _, pa := range partners {
		if pa.PartnerType == partner.TypeMSP || pa.PartnerType == partner.TypeMRPMSP {
			out = append(out, Owner{OwnerType: OwnerPartner, OspID: pa.OspID, Name: pa.Name})
		}
	}
	companies, err := s.companies.Filter(ctx, p, company.FilterRequest{Active: &active, Pagination: paging.Pagination{Page: 1, Size: 1000}})
	if err != nil {
		return nil, err
	}
	for _, ca := range companies.Content {
		out = append(out, Owner{OwnerType: OwnerCompany, OspID: ca.OspID, Name: ca.Name})
	}
	return out, nil
}

// PredefinedNames answers the predefined templates of a type with their
// shipped default versions.
func (s *Service) PredefinedNames(ctx context.Context, typ string) ([]PredefinedName, error) {
	v := validate.New(ctx)
	v.OneOf("type", typ, TemplateTypes)
	if err := v.Err(); err != nil {
		return nil, err
	}
	out := []PredefinedName{}
	for _, d := range PredefinedNames(typ) {
		n := PredefinedName{Predefined: d}
		for _, l := range Languages {
			sv := shipped[d.Name+"/"+l]
			n.Defaults = append(n.Defaults, DefaultVersion{Language: l, Subject: sv.Subject, Body: sv.Body})
		}
		out = append(out, n)
	}
	return out, nil
}

// Externals lists the versions flagged external in reach, of one type or
// all, grouped by type.
func (s *Service) Externals(ctx context.Context, p *access.Principal, typ string) ([]ExternalGroup, error) {
	rows, err := s.store.externals(ctx, p.Scope, typ)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	trs := make([]templateRow, len(rows))
	for i, r := range rows {
		trs[i] = r.templateRow
	}
	names, err := s.ownerNames(ctx, trs)
	if err != nil {
		return nil, err
	}
	groups := map[string][]ExternalTemplate{}
	for _, r := range rows {
		groups[r.TemplateType] = append(groups[r.TemplateType], ExternalTemplate{TemplateOspID: r.OspID, TemplateName: r.Name,
			TemplateType: r.TemplateType, OwnerName: names[r.OwnerKey].Name, Language: r.Language, ValidFrom: r.ValidFrom,
			ExternalTemplateID: r.ExternalTemplateID})
	}
	out := []ExternalGroup{}
	for _, t := range TemplateTypes {
		if typ != "" && t != typ {
			continue
		}
		list := groups[t]
		if list == nil {
			list = []ExternalTemplate{}
		}
		out = append(out, ExternalGroup{TemplateType: t, Templates: list})
	}
	return out, nil
}

// ExternalTypes answers each template type with its number of external
// versions in reach.
func (s *Service) ExternalTypes(ctx context.Context, p *access.Principal) ([]ExternalType, error) {
	groups, err := s.Externals(ctx, p, "")
	if err != nil {
		return nil, err
	}
	out := make([]ExternalType, len(groups))
	for i, g := range groups {
		out[i] = ExternalType{TemplateType: g.TemplateType, Count: len(g.Templates)}
	}
	return out, nil
}

// ---- the cache of parsed versions ----

// compiledVersion is a stored version parsed.
type compiledVersion struct {
	subject, body *compiled
	html          bool
}

// cache holds parsed versions by version id. A version row never changes
// (a new text is a new row, see addVersions), so an entry can never render
// an older text than its id names, whichever process wrote the row; an
// entry of a deleted version is merely never asked for again.
type cache struct {
	mu sync.RWMutex
	m  map[int64]*compiledVersion
}

const maxCached = 5000

func (c *cache) get(id int64) *compiledVersion {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[id]
}

func (c *cache) put(id int64, v *compiledVersion) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxCached {
		c.m = map[int64]*compiledVersion{}
	}
	c.m[id] = v
}
