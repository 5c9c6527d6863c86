package resource

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
var (
	LabelUnknownResources  = apperr.Define("UNKNOWN_RESOURCES")
	LabelResourceNotActive = apperr.Define("RESOURCE_NOT_ACTIVE")
	LabelOwnerOverlap      = apperr.Define("OWNER_PERIODS_OVERLAP")
)

// Partner is what resource needs of a partner (partner owns them).
type Partner struct {
	ID     int64
	OspID  string
	Name   string
	Type   string
	Active bool
}

// Company is what resource needs of a corporate account (company owns them).
type Company struct {
	ID    int64
	OspID string
	Name  string
}

// Partners is how resource reads partners: partner sits beside resource
// and is handed over at wiring (internal/server), so neither imports the
// other. Providers are public to every admin (partner/mrp/getAll), so no
// scope applies.
type Partners struct {
	// ByOspID finds a partner; NOT_FOUND when there is none.
	ByOspID func(ctx context.Context, ospID string) (*Partner, error)
	// ByIDs finds partners by id, one query per 500 ids.
	ByIDs func(ctx context.Context, ids []int64) (map[int64]Partner, error)
}

// Companies is how resource reads corporate accounts (gas-station owners).
type Companies struct {
	// Resolve finds a company within the caller's scope; another tenant's
	// or an unknown one is NOT_FOUND.
	Resolve func(ctx context.Context, p *access.Principal, ospID string) (*Company, error)
	// ByIDs finds companies by id within scope, one query per 500 ids.
	ByIDs func(ctx context.Context, scope access.Scope, ids []int64) (map[int64]Company, error)
}

// Deps are what the service is built from.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Partners  Partners
	Companies Companies
}

// Service manages the catalogue's resources, groups, labels, icons and
// gas-station owners.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	partners  Partners
	companies Companies
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, partners: d.Partners, companies: d.Companies}
}

// mrpTypes are the partner types that offer resources.
var mrpTypes = []string{"MRP", "MRP_MSP"}

func notFound(kind string) error {
	if kind == AnyKind {
		return apperr.NotFound("resource")
	}
	return apperr.NotFound(kind + " resource")
}

// find reads a live resource of kind by ospId.
func (s *Service) find(ctx context.Context, kind, ospID string) (*row, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, kind, ospID)
	if database.IsNoRows(err) {
		return nil, notFound(kind)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Get returns a resource of kind.
func (s *Service) Get(ctx context.Context, _ *access.Principal, kind, ospID string) (*detail, error) {
	r, err := s.find(ctx, kind, ospID)
	if err != nil {
		return nil, err
	}
	ds, err := s.details(ctx, []row{*r}, true)
	if err != nil {
		return nil, err
	}
	return &ds[0], nil
}

// details adds to rows what their answers show, a few batch queries for
// all: partners and labels always, fees and icons when full.
func (s *Service) details(ctx context.Context, rows []row, full bool) ([]detail, error) {
	out := make([]detail, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	pids := make([]int64, 0, len(rows))
	for i := range rows {
		out[i].row = rows[i]
		ids[i] = rows[i].ID
		if !slices.Contains(pids, rows[i].MrpPartnerID) {
			pids = append(pids, rows[i].MrpPartnerID)
		}
	}
	at := make(map[int64]int, len(rows))
	for i, id := range ids {
		at[id] = i
	}
	partners, err := s.partners.ByIDs(ctx, pids)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	for i := range out {
		p := partners[out[i].MrpPartnerID]
		out[i].partner = PartnerRef{OspID: p.OspID, Name: p.Name}
	}
	labels, err := s.store.labelsOf(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	lang := string(i18n.FromContext(ctx))
	for _, l := range labels {
		d := &out[at[l.ResourceID]]
		n := len(d.labels)
		if n == 0 || d.labels[n-1].OspID != l.OspID {
			d.labels = append(d.labels, LabelRef{OspID: l.OspID, DefaultValue: l.DefaultValue, Text: l.DefaultValue})
			n++
		}
		if l.Language == lang && l.Text != "" {
			d.labels[n-1].Text = l.Text
		}
	}
	if !full {
		return out, nil
	}
	fees, err := s.store.fees(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	now := s.clock.Now()
	for _, f := range fees {
		d := &out[at[f.ResourceID]]
		d.fees = append(d.fees, f.toAPI(now))
	}
	icons, err := s.store.icons(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for _, ic := range icons {
		out[at[ic.ResourceID]].icon = &IconInfo{ContentType: ic.ContentType, Width: ic.Width, Height: ic.Height, Size: ic.SizeBytes,
			Version: ic.Sha256[:16], FileName: ic.FileName}
	}
	return out, nil
}

func (f feeRow) toAPI(now time.Time) Fee {
	unit := ""
	if f.Unit != nil {
		unit = *f.Unit
	}
	next := []string{}
	if f.Cron != "" {
		if sched, _ := parseCron(f.Cron); sched != nil {
			next = occurrences(sched, now)
		}
	}
	return Fee{FeeType: f.FeeType, Amount: f.Amount, Unit: unit, VatPercent: vatPercent(f.VatBasisPoints), Cron: f.Cron,
		ProRata: f.ProRata, OnUserBudget: f.OnUserBudget, Description: f.Description, NextOccurrences: next}
}

// Create adds a resource of kind (active), with its fees and labels, in
// one transaction after the whole request was checked.
func (s *Service) Create(ctx context.Context, _ *access.Principal, kind string, in input) (*detail, error) {
	c, err := s.check(ctx, in)
	if err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := c.row
	r.OspID, r.Kind, r.Active, r.CreatedAt, r.UpdatedAt = uuid.NewString(), kind, true, now, now
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.insert(ctx, &r)
		if err != nil {
			return err
		}
		return s.writeParts(ctx, id, c)
	})
	if database.IsUniqueViolation(err) {
		return nil, s.extIDTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, nil, kind, r.OspID)
}

// Add creates a resource of w's kind as its create call does and answers
// its summary (the demo seed builds the catalogue with it).
func (s *Service) Add(ctx context.Context, p *access.Principal, w Write) (*Summary, error) {
	in := w.input()
	d, err := s.Create(ctx, p, in.kind, in)
	if err != nil {
		return nil, err
	}
	sum := d.summary()
	return &sum, nil
}

func (s *Service) writeParts(ctx context.Context, id int64, c *checked) error {
	if err := s.store.replaceFees(ctx, id, c.fees); err != nil {
		return err
	}
	return s.store.replaceLabels(ctx, id, c.labelIDs)
}

func (s *Service) extIDTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("extId", "rule.unique")
	return v.Err()
}

// Update replaces a resource of kind: its fields, fees and labels.
func (s *Service) Update(ctx context.Context, _ *access.Principal, kind, ospID string, in input) (*detail, error) {
	cur, err := s.find(ctx, kind, ospID)
	if err != nil {
		return nil, err
	}
	c, err := s.check(ctx, in)
	if err != nil {
		return nil, err
	}
	r := c.row
	r.ID, r.UpdatedAt = cur.ID, database.Now(s.clock.Now())
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.update(ctx, &r); err != nil {
			return err
		}
		return s.writeParts(ctx, cur.ID, c)
	})
	if database.IsUniqueViolation(err) {
		return nil, s.extIDTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, nil, kind, ospID)
}

// SetActive activates or deactivates a resource of kind. A deactivated
// resource stays in its groups, but the read models leave it out of every
// composition and permission view from this commit on.
func (s *Service) SetActive(ctx context.Context, _ *access.Principal, kind, ospID string, active bool) (*detail, error) {
	r, err := s.find(ctx, kind, ospID)
	if err != nil {
		return nil, err
	}
	if r.Active != active {
		if err := s.write(ctx, func(ctx context.Context) error {
			return s.store.setActive(ctx, r.ID, active, database.Now(s.clock.Now()))
		}); err != nil {
			return nil, err
		}
	}
	return s.Get(ctx, nil, kind, ospID)
}

// Delete archives a resource of kind (see the package documentation).
func (s *Service) Delete(ctx context.Context, _ *access.Principal, kind, ospID string) error {
	r, err := s.find(ctx, kind, ospID)
	if err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context) error { return s.store.archive(ctx, r.ID, database.Now(s.clock.Now())) })
}

// defaultPageSize of the resource lists.
const defaultPageSize = 20

// filterOf turns a list request into the store's conditions: an unknown
// partner or label matches nothing rather than failing.
func (s *Service) filterOf(ctx context.Context, kinds []string, req KindFilterRequest) (filter, error) {
	v := validate.New(ctx)
	for i, k := range kinds {
		v.OneOf(indexed("kinds", i), k, Kinds)
	}
	if req.MobilityMode != "" {
		v.OneOf("mobilityMode", req.MobilityMode, mobilityModes())
	}
	// SPEC §9: a search has at least 3 characters (every one a trigram
	// search over 50,000 resources)
	if q := strings.TrimSpace(req.Search); q != "" {
		v.MinLength("search", q, constants.SearchMinChars)
	}
	if err := v.Err(); err != nil {
		return filter{}, err
	}
	f := filter{kinds: kinds, search: req.Search, active: req.Active, mode: req.MobilityMode}
	if req.MrpPartnerOspID != "" {
		f.partnerID = -1
		p, err := s.partners.ByOspID(ctx, req.MrpPartnerOspID)
		switch {
		case err == nil:
			f.partnerID = p.ID
		case !apperr.IsNotFound(err):
			return filter{}, apperr.Wrap(err)
		}
	}
	if req.LabelOspID != "" {
		f.labelID = -1
		if l, err := s.store.getLabel(ctx, req.LabelOspID); err == nil {
			f.labelID = l.ID
		} else if !database.IsNoRows(err) {
			return filter{}, apperr.Internal(err)
		}
	}
	return f, nil
}

// FilterKind pages through a kind's resources, with their fees.
func (s *Service) FilterKind(ctx context.Context, _ *access.Principal, kind string, req KindFilterRequest) ([]detail, int, paging.Pagination, error) {
	f, err := s.filterOf(ctx, []string{kind}, req)
	if err != nil {
		return nil, 0, paging.Pagination{}, err
	}
	pg := req.Pagination.Normalize(defaultPageSize)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, 0, pg, apperr.Internal(err)
	}
	ds, err := s.details(ctx, rows, true)
	return ds, total, pg, err
}

// Filter pages through resources of every kind (or of the kinds asked).
func (s *Service) Filter(ctx context.Context, _ *access.Principal, req FilterRequest) (*paging.Page[Summary], error) {
	f, err := s.filterOf(ctx, slices.Compact(slices.Sorted(slices.Values(req.Kinds))), req.KindFilterRequest)
	if err != nil {
		return nil, err
	}
	return s.summaries(ctx, f, req.Pagination)
}

func (s *Service) summaries(ctx context.Context, f filter, p paging.Pagination) (*paging.Page[Summary], error) {
	pg := p.Normalize(defaultPageSize)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.summariesOf(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// summariesOf turns rows into summaries (their partners and labels in a
// batch each).
func (s *Service) summariesOf(ctx context.Context, rows []row) ([]Summary, error) {
	ds, err := s.details(ctx, rows, false)
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(ds))
	for i := range ds {
		out[i] = ds[i].summary()
	}
	return out, nil
}

// write runs fn in one transaction; what fails is answered as it is when
// it is an application error, else as an internal one.
func (s *Service) write(ctx context.Context, fn func(ctx context.Context) error) error {
	return apperr.Wrap(s.db.WithTx(ctx, fn))
}

// ByLabel pages through the resources that carry a label (a deleted or
// unknown label is NOT_FOUND).
func (s *Service) ByLabel(ctx context.Context, p *access.Principal, req ByLabelRequest) (*paging.Page[Summary], error) {
	l, err := s.findLabel(ctx, req.LabelOspID, "labelOspId")
	if err != nil {
		return nil, err
	}
	return s.summaries(ctx, filter{labelID: l.ID, active: req.Active}, req.Pagination)
}

// FindAll lists every resource of kind by name.
func (s *Service) FindAll(ctx context.Context, _ *access.Principal, kind string, active *bool) ([]Summary, error) {
	rows, err := s.store.all(ctx, filter{kinds: []string{kind}, active: active})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.summariesOf(ctx, rows)
}

// MobilityModes lists the mobility modes with their labels in the
// caller's language.
func (s *Service) MobilityModes(ctx context.Context) []MobilityMode {
	lang := i18n.FromContext(ctx)
	modes := mobilityModes()
	out := make([]MobilityMode, len(modes))
	for i, m := range modes {
		label := m
		if i18n.Has("mobilityMode." + m) {
			label = i18n.T(lang, "mobilityMode."+m)
		}
		out[i] = MobilityMode{Value: m, Label: label}
	}
	return out
}
