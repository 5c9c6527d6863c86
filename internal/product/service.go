package product

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
var (
	// LabelDefaultInUse: SPEC §8, "product default must be removed for all
	// employees first" (deactivation here; productaccess's revocations use
	// the same label).
	LabelDefaultInUse = apperr.Define("PRODUCT_DEFAULT_IN_USE")
	// LabelElementUnavailable: composition/add names what is not an active
	// resource group or resource of the kind asked (unknown, deactivated,
	// or of another kind: the catalogue's read model tells only the active
	// ones).
	LabelElementUnavailable = apperr.Define("PRODUCT_ELEMENT_UNAVAILABLE")
	// LabelElementPresent: composition/add names an element already there.
	LabelElementPresent = apperr.Define("PRODUCT_ELEMENT_ALREADY_PRESENT")
	// LabelElementMissing: composition/update or delete names an element
	// that is not in the composition.
	LabelElementMissing = apperr.Define("PRODUCT_ELEMENT_NOT_IN_COMPOSITION")
	// LabelCompositionFull: a composition holds at most MaxElements.
	LabelCompositionFull = apperr.Define("PRODUCT_COMPOSITION_FULL")
)

// Service manages products and their composition.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	groups    *usergroup.Service

	resources   ResourceCatalog
	defaults    DefaultUsage
	assignments Assignments
}

// Deps are what NewService needs.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Groups    *usergroup.Service
}

// NewService builds the product service; Wire hands it its neighbours.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, groups: d.Groups}
}

// seesInactive tells whether the caller sees deactivated products (the
// backoffice); every other admin sees only the active catalogue.
func seesInactive(p *access.Principal) bool { return p != nil && p.IsOspAdmin() }

// stateFor is the active filter a caller gets: platform staff what they
// ask, everyone else the active products.
func stateFor(p *access.Principal, asked *bool) *bool {
	if seesInactive(p) {
		return asked
	}
	active := true
	return &active
}

// find returns a product the caller may see by ospId; unknown ids, and
// deactivated products for other callers than platform staff, are
// NOT_FOUND.
func (s *Service) find(ctx context.Context, p *access.Principal, field, ospID string) (*row, error) {
	v := validate.New(ctx)
	requiredID(v, field, ospID, "product.rule.product")
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.byOspID(ctx, ospID)
	if database.IsNoRows(err) || (err == nil && !r.Active && !seesInactive(p)) {
		return nil, apperr.NotFound("product")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// ---- reads ----

// FindAll lists every product the caller sees, by label.
func (s *Service) FindAll(ctx context.Context, p *access.Principal, req FindAllRequest) ([]Product, error) {
	rows, err := s.store.all(ctx, filter{Active: stateFor(p, req.Active)})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.toAPI(ctx, rows)
}

// Filter pages through the products the caller sees.
func (s *Service) Filter(ctx context.Context, p *access.Principal, req FilterRequest) (*paging.Page[Product], error) {
	v := validate.New(ctx)
	if req.MobilityMode != "" {
		checkMode(v, req.MobilityMode)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.page(ctx, filter{Active: stateFor(p, req.Active), MobilityMode: req.MobilityMode, Search: req.Search}, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toAPI(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// ByResource lists the products whose composition holds a resource (or
// group): directly, whatever the state of the element (the backoffice
// asks before deactivating one), or through an active resource group of
// which it is an active member. An id the catalogue does not know matches
// nothing.
func (s *Service) ByResource(ctx context.Context, p *access.Principal, req ByResourceRequest) ([]Product, error) {
	v := validate.New(ctx)
	requiredID(v, "resourceOspId", req.ResourceOspID, "product.rule.resource")
	if err := v.Err(); err != nil {
		return nil, err
	}
	ids := []string{req.ResourceOspID}
	groups, err := s.store.groupElements(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if len(groups) > 0 && s.resources != nil {
		gids := make([]int64, len(groups))
		for i, g := range groups {
			gids[i] = g.ElementID
		}
		members, err := s.resources.GroupMembers(ctx, gids)
		if err != nil {
			return nil, apperr.Internal(err)
		}
		for _, g := range groups {
			if slices.Contains(members[g.ElementID], req.ResourceOspID) {
				ids = append(ids, g.OspID)
			}
		}
	}
	rows, err := s.store.withElements(ctx, ids, stateFor(p, req.Active))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.toAPI(ctx, rows)
}

// ByAssignee lists the active products a company offers its employees or
// a user group is granted, for a caller who may see that company or group
// (others' are NOT_FOUND). Deactivated products leave the list at once.
func (s *Service) ByAssignee(ctx context.Context, p *access.Principal, req ByAssigneeRequest) ([]Product, error) {
	v := validate.New(ctx)
	requiredID(v, "assigneeOspId", req.AssigneeOspID, "product.rule.assignee")
	if req.AssigneeType != AssigneeCompany && req.AssigneeType != AssigneeUserGroup {
		v.FailText("assigneeType", "product.rule.assigneeType")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var ids []int64
	switch req.AssigneeType {
	case AssigneeCompany:
		ca, err := s.companies.Resolve(ctx, p, req.AssigneeOspID)
		if err != nil {
			return nil, err
		}
		if s.assignments != nil {
			if ids, err = s.assignments.CompanyProductIDs(ctx, ca.ID); err != nil {
				return nil, apperr.Wrap(err)
			}
		}
	default:
		gid, err := s.groups.IDInScope(ctx, p, req.AssigneeOspID)
		if err != nil {
			return nil, err
		}
		if s.assignments != nil {
			if ids, err = s.assignments.GroupProductIDs(ctx, gid); err != nil {
				return nil, apperr.Wrap(err)
			}
		}
	}
	rows, err := s.store.byIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	rows = slices.DeleteFunc(rows, func(r row) bool { return !r.Active })
	slices.SortFunc(rows, func(a, b row) int {
		if c := strings.Compare(a.DefaultValue, b.DefaultValue); c != 0 {
			return c
		}
		return strings.Compare(a.ExtID, b.ExtID)
	})
	return s.toAPI(ctx, rows)
}

// requiredID fails a blank id field with rule, a text of its own (these
// field names are shared with other packages, so they get no field label
// here).
func requiredID(v *validate.Checker, field, value, rule string) bool {
	if strings.TrimSpace(value) == "" {
		v.FailText(field, rule)
		return false
	}
	return true
}

// ---- writes ----

func checkMode(v *validate.Checker, mode string) {
	if !slices.Contains(MobilityModes, mode) {
		v.FailText("mobilityMode", "product.rule.mobilityMode")
	}
}

// checkProduct validates what create and update share.
func checkProduct(v *validate.Checker, extID, mode string, label LabelInput) (string, cleanLabel) {
	extID = strings.TrimSpace(extID)
	if v.Required("extId", extID) {
		v.ExtID("extId", extID)
		v.MaxLength("extId", extID, ExtIDMaxLength)
	}
	checkMode(v, mode)
	return extID, checkLabel(v, label)
}

func (s *Service) extIDTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("extId", "rule.unique")
	return v.Err()
}

// Create adds a product, active unless asked otherwise, with its label.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Product, error) {
	v := validate.New(ctx)
	extID, label := checkProduct(v, req.ExtID, req.MobilityMode, req.ProductLabel)
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := &row{OspID: uuid.NewString(), ExtID: extID, Active: req.Active == nil || *req.Active, MobilityMode: req.MobilityMode,
		LabelOspID: uuid.NewString(), DefaultValue: label.DefaultValue, DefaultValueHTML: label.DefaultValueHTML}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.insert(ctx, r, searchText(extID, label), now)
		if err != nil {
			return err
		}
		return s.store.replaceTranslations(ctx, id, label.Translations)
	})
	if database.IsUniqueViolation(err) {
		return nil, s.extIDTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.get(ctx, r.OspID)
}

// Update replaces a product's extId, mobility mode and whole label.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Product, error) {
	v := validate.New(ctx)
	extID, label := checkProduct(v, req.ExtID, req.MobilityMode, req.ProductLabel)
	if err := v.Err(); err != nil {
		return nil, err
	}
	cur, err := s.find(ctx, p, "ospId", req.OspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r := *cur
		r.ExtID, r.MobilityMode, r.DefaultValue, r.DefaultValueHTML = extID, req.MobilityMode, label.DefaultValue, label.DefaultValueHTML
		if err := s.store.update(ctx, &r, searchText(extID, label), database.Now(s.clock.Now())); err != nil {
			return err
		}
		return s.store.replaceTranslations(ctx, r.ID, label.Translations)
	})
	if database.IsUniqueViolation(err) {
		return nil, s.extIDTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.get(ctx, cur.OspID)
}

// SetActive activates or deactivates a product. Deactivating a product
// that is some employees' default product is refused (SPEC §8); the check
// runs under the product's row lock, in the transaction that switches it.
func (s *Service) SetActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*Product, error) {
	cur, err := s.find(ctx, p, "ospId", ospID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.lock(ctx, cur.ID)
		if err != nil {
			return err
		}
		if r.Active == active {
			return nil
		}
		if !active && s.defaults != nil {
			n, err := s.defaults.UsersWithDefault(ctx, r.ID)
			if err != nil {
				return err
			}
			if n > 0 {
				return apperr.Conflict(LabelDefaultInUse, i18n.T(i18n.FromContext(ctx), "error.PRODUCT_DEFAULT_IN_USE"))
			}
		}
		return s.store.setActive(ctx, r.ID, active, database.Now(s.clock.Now()))
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.get(ctx, ospID)
}

// get reads one product as the API shows it (after a write).
func (s *Service) get(ctx context.Context, ospID string) (*Product, error) {
	r, err := s.store.byOspID(ctx, ospID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toAPI(ctx, []row{*r})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// toAPI assembles products with their translations and active elements:
// three batched reads whatever the number of rows.
func (s *Service) toAPI(ctx context.Context, rows []row) ([]Product, error) {
	out := make([]Product, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	byProduct, err := s.translations(ctx, ids)
	if err != nil {
		return nil, err
	}
	elems, err := s.activeElements(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		tr := byProduct[r.ID]
		if tr == nil {
			tr = []LabelTranslation{}
		}
		comp := elems[r.ID]
		if comp == nil {
			comp = []Element{}
		}
		out[i] = Product{OspID: r.OspID, ExtID: r.ExtID, Active: r.Active, MobilityMode: r.MobilityMode,
			ProductLabel: ProductLabel{DefaultValue: r.DefaultValue, DefaultValueHTML: r.DefaultValueHTML, LabelOspID: r.LabelOspID,
				LabelTranslations: tr},
			Composition: comp}
	}
	return out, nil
}

// translations reads the label translations of products, by product id,
// ordered by language.
func (s *Service) translations(ctx context.Context, ids []int64) (map[int64][]LabelTranslation, error) {
	trs, err := s.store.translations(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := map[int64][]LabelTranslation{}
	for _, t := range trs {
		out[t.ProductID] = append(out[t.ProductID], LabelTranslation{LanguageCode: t.LanguageCode, Text: t.Text, HTML: t.HTML})
	}
	return out, nil
}
