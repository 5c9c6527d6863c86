package partner

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
var (
	LabelUnknownProduct         = apperr.Define("UNKNOWN_PRODUCT")
	LabelUnknownServiceResource = apperr.Define("UNKNOWN_SERVICE_RESOURCE")
	LabelLinkSelf               = apperr.Define("PARTNER_LINK_SELF")
	LabelLinkExists             = apperr.Define("PARTNER_LINK_EXISTS")
	LabelLinkCycle              = apperr.Define("PARTNER_LINK_CYCLE")
	LabelLinkNotFound           = apperr.Define("PARTNER_LINK_NOT_FOUND")
)

// find reads a partner by public id within the caller's scope.
func (s *Service) find(ctx context.Context, scope access.Scope, field, ospID string) (*Partner, error) {
	v := validate.New(ctx)
	v.Required(field, ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return found(s.store.byOspID(ctx, scope, ospID))
}

// GetAll lists partners (platform staff: every one), by name.
func (s *Service) GetAll(ctx context.Context, p *access.Principal, req GetAllRequest) ([]Detail, error) {
	rows, err := s.store.list(ctx, p.Scope, req.Active, nil)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.details(ctx, rows)
}

// MrpAll lists the active MRP and MRP_MSP partners; every signed-in admin
// may read them (the catalogue names its providers).
func (s *Service) MrpAll(ctx context.Context) ([]Summary, error) {
	active := true
	rows, err := s.store.list(ctx, access.SystemScope(), &active, []string{TypeMRP, TypeMRPMSP})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Summary, len(rows))
	for i := range rows {
		out[i] = rows[i].summary()
	}
	return out, nil
}

// Get returns one partner within the caller's scope (an MSP admin: only
// their own; others are NOT_FOUND).
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*Detail, error) {
	pa, err := s.find(ctx, p.Scope, "ospId", ospID)
	if err != nil {
		return nil, err
	}
	out, err := s.details(ctx, []Partner{*pa})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// details adds the selected budget types, one batch for all rows.
func (s *Service) details(ctx context.Context, rows []Partner) ([]Detail, error) {
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	types, err := s.SelectedBudgetTypes(ctx, ids)
	if err != nil {
		return nil, err
	}
	var colors map[int64]string
	if s.brandColors != nil && len(ids) > 0 {
		if colors, err = s.brandColors(ctx, ids); err != nil {
			return nil, err
		}
	}
	var choices map[int64]Choice
	if s.catalogue != nil && len(ids) > 0 {
		if choices, err = s.catalogue.PartnerChoices(ctx, ids); err != nil {
			return nil, err
		}
	}
	out := make([]Detail, len(rows))
	for i := range rows {
		out[i] = rows[i].detail(types[rows[i].ID])
		if c, ok := colors[rows[i].ID]; ok {
			out[i].BrandColor = c
		}
		if c, ok := choices[rows[i].ID]; ok {
			out[i].SelectedProducts, out[i].SelectedServiceResources = c.Products, c.ServiceResources
		}
	}
	return out, nil
}

// SelectedBudgetTypes is partner's read model of the budget types each
// partner selects (a company may only offer these), in display order, by
// partner id; a partner without a selection maps to an empty list. One
// query per 500 ids.
func (s *Service) SelectedBudgetTypes(ctx context.Context, partnerIDs []int64) (map[int64][]string, error) {
	rows, err := s.store.budgetTypes(ctx, partnerIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64][]string, len(partnerIDs))
	for _, id := range partnerIDs {
		out[id] = []string{}
	}
	for _, r := range rows {
		out[r.PartnerID] = append(out[r.PartnerID], r.BudgetType)
	}
	for id := range out {
		sortTypes(out[id])
	}
	return out, nil
}

// sortTypes puts budget types in display order (BudgetTypes).
func sortTypes(types []string) {
	slices.SortFunc(types, func(a, b string) int {
		return slices.Index(BudgetTypes, a) - slices.Index(BudgetTypes, b)
	})
}

// Create adds a partner, active, with its selected budget types.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Detail, error) {
	id, err := s.Add(ctx, NewPartner{Data: req.PartnerData, BudgetTypes: req.SelectedBudgetTypes,
		Products: req.SelectedProducts, ServiceResources: req.SelectedServiceResources})
	if err != nil {
		return nil, err
	}
	pa, err := s.ByID(ctx, p.Scope, id)
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, pa.OspID)
}

// NewPartner is what Add takes: the API's fields, and for the demo seed a
// fixed public id and brand colour.
type NewPartner struct {
	OspID            string // empty: a new UUID
	Data             PartnerData
	BudgetTypes      []string
	Products         []string
	ServiceResources []string
	BrandColor       string // empty: DefaultBrandColor
}

// Add validates and stores a new active partner in one transaction (the
// caller's, when there is one) and returns its id.
func (s *Service) Add(ctx context.Context, in NewPartner) (int64, error) {
	choice := Choice{Products: in.Products, ServiceResources: in.ServiceResources}
	pa, types, err := s.check(ctx, 0, in.Data, in.BudgetTypes, choice)
	if err != nil {
		return 0, err
	}
	pa.OspID, pa.Active, pa.BrandColor = in.OspID, true, in.BrandColor
	if pa.OspID == "" {
		pa.OspID = uuid.NewString()
	}
	if pa.BrandColor == "" {
		pa.BrandColor = DefaultBrandColor
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.extIDFree(ctx, *pa.ExtID, 0); err != nil {
			return err
		}
		var err error
		if id, err = s.store.insert(ctx, pa, database.Now(s.clock.Now())); err != nil {
			return s.uniqueExtID(ctx, err)
		}
		if err := s.store.replaceBudgetTypes(ctx, id, types); err != nil {
			return err
		}
		if s.catalogue == nil || (choice.Products == nil && choice.ServiceResources == nil) {
			return nil
		}
		return s.catalogue.SetPartnerChoice(ctx, id, choice, false)
	})
	return id, apperr.Wrap(err)
}

// Update changes a partner's fields and, when sent, its selected budget
// types; with applyChangesToCorporateAccounts every company of the
// partner then offers exactly the partner's selection. All in one
// transaction: one company failing leaves everything as it was.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Detail, error) {
	cur, err := s.find(ctx, p.Scope, "ospId", req.OspID)
	if err != nil {
		return nil, err
	}
	choice := Choice{Products: req.SelectedProducts, ServiceResources: req.SelectedServiceResources}
	pa, types, err := s.check(ctx, cur.ID, req.PartnerData, req.SelectedBudgetTypes, choice)
	if err != nil {
		return nil, err
	}
	if req.ApplyChangesToCorporateAccounts && (s.companies.IDsOfPartner == nil || s.companies.ReplaceCompanyTypes == nil || s.catalogue == nil) {
		return nil, apperr.Internal(errNotWired)
	}
	pa.ID = cur.ID
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lock(ctx, cur.ID); err != nil {
			return err
		}
		if err := s.extIDFree(ctx, *pa.ExtID, cur.ID); err != nil {
			return err
		}
		if err := s.store.update(ctx, pa); err != nil {
			return s.uniqueExtID(ctx, err)
		}
		if req.SelectedBudgetTypes != nil {
			if err := s.store.replaceBudgetTypes(ctx, cur.ID, types); err != nil {
				return err
			}
		}
		if s.catalogue != nil && (choice.Products != nil || choice.ServiceResources != nil || req.ApplyChangesToCorporateAccounts) {
			// the products and service resources, and with
			// applyChangesToCorporateAccounts their push to the companies
			if err := s.catalogue.SetPartnerChoice(ctx, cur.ID, choice, req.ApplyChangesToCorporateAccounts); err != nil {
				return err
			}
		}
		if !req.ApplyChangesToCorporateAccounts {
			return nil
		}
		selected, err := s.SelectedBudgetTypes(ctx, []int64{cur.ID})
		if err != nil {
			return err
		}
		ids, err := s.companies.IDsOfPartner(ctx, cur.ID)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		return s.companies.ReplaceCompanyTypes(ctx, ids, selected[cur.ID])
	})
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("partner")
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, cur.OspID)
}

type wiringError string

func (e wiringError) Error() string { return string(e) }

const errNotWired = wiringError("partner: UseCompanies was not called at wiring")

// extIDFree refuses an extId another partner than id holds.
func (s *Service) extIDFree(ctx context.Context, extID string, id int64) error {
	taken, err := s.store.extIDTaken(ctx, extID, id)
	if err != nil {
		return err
	}
	if taken {
		return s.extIDTakenErr(ctx)
	}
	return nil
}

func (s *Service) extIDTakenErr(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("partnerData.extId", "rule.unique")
	return v.Err()
}

// uniqueExtID turns a unique violation (another request took the extId
// between the check and the write) into the same field error.
func (s *Service) uniqueExtID(ctx context.Context, err error) error {
	if database.IsUniqueViolation(err) {
		return s.extIDTakenErr(ctx)
	}
	return err
}

// check validates what create and update send and returns the partner's
// fields normalised (trimmed, country and VAT number uppercase) with the
// budget types deduplicated in display order. id is the partner being
// changed (0 on create).
func (s *Service) check(ctx context.Context, id int64, d PartnerData, budgetTypes []string, choice Choice) (*Partner, []string, error) {
	v := validate.New(ctx)
	const pd = "partnerData."
	name := strings.TrimSpace(d.Name)
	if v.Required(pd+"name", name) {
		v.MaxLength(pd+"name", name, 100)
		if !printable(name) {
			v.Fail(pd+"name", "rule.invalid")
		}
	}
	ext := strings.TrimSpace(d.ExtID)
	if v.Required(pd+"extId", ext) {
		v.ExtID(pd+"extId", ext)
		v.MaxLength(pd+"extId", ext, 50)
		if !printable(ext) {
			v.Fail(pd+"extId", "rule.invalid")
		}
	}
	if v.Required(pd+"partnerType", d.PartnerType) {
		v.OneOf(pd+"partnerType", d.PartnerType, Types)
	}
	country := strings.ToUpper(strings.TrimSpace(d.Country))
	if country == "" {
		country = DefaultCountry
	}
	if !validCountry(country) {
		v.Fail(pd+"country", "partner.rule.country")
	}
	zip := strings.TrimSpace(d.ZipCode)
	if zip != "" && !validZip(country, zip) {
		v.Fail(pd+"zipCode", "partner.rule.zipCode")
	}
	vat := v.VATNumber(pd+"vatNumber", d.VatNumber)
	email := strings.TrimSpace(d.Email)
	v.Email(pd+"email", email)
	fields := map[string]string{"street": d.Street, "streetNumber": d.StreetNumber, "city": d.City}
	for f, val := range fields {
		if !printable(val) {
			v.Fail(pd+f, "rule.invalid")
		}
	}
	types := make([]string, 0, len(budgetTypes))
	for i, t := range budgetTypes {
		if !slices.Contains(BudgetTypes, t) {
			v.Fail("selectedBudgetTypes["+itoa(i)+"]", "rule.oneOf", strings.Join(BudgetTypes, ", "))
			continue
		}
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	sortTypes(types)
	if err := v.Err(); err != nil {
		return nil, nil, err
	}
	if s.catalogue != nil {
		if err := s.catalogue.CheckPartnerChoice(ctx, id, choice); err != nil {
			return nil, nil, err
		}
	} else if len(choice.Products) > 0 || len(choice.ServiceResources) > 0 {
		// no catalogue wired: nothing can be selected
		lang := i18n.FromContext(ctx)
		if len(choice.Products) > 0 {
			return nil, nil, apperr.Invalid(LabelUnknownProduct, "selectedProducts", i18n.T(lang, "error.UNKNOWN_PRODUCT"))
		}
		return nil, nil, apperr.Invalid(LabelUnknownServiceResource, "selectedServiceResources", i18n.T(lang, "error.UNKNOWN_SERVICE_RESOURCE"))
	}
	return &Partner{ID: id, Name: name, ExtID: &ext, PartnerType: d.PartnerType,
		Street: strings.TrimSpace(d.Street), StreetNumber: strings.TrimSpace(d.StreetNumber), ZipCode: zip,
		City: strings.TrimSpace(d.City), Country: country, VatNumber: vat, Email: email,
		SendInvoices: d.SendInvoices, SelfBilling: d.SelfBilling}, types, nil
}

// SetActive switches a partner on or off, in the caller's transaction when
// there is one (the partner deactivation workflow owns the rules around
// it: its companies and users). Trusted callers only: id was resolved
// within the caller's scope already. NOT_FOUND for an unknown id.
func (s *Service) SetActive(ctx context.Context, id int64, active bool) error {
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		n, err := s.store.setActive(ctx, id, active)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperr.NotFound("partner")
		}
		return nil
	})
	return apperr.Wrap(err)
}

// RelatedOf lists a partner's super- and sub-partners, by name.
func (s *Service) RelatedOf(ctx context.Context, p *access.Principal, ospID string) (*Related, error) {
	pa, err := s.find(ctx, p.Scope, "ospId", ospID)
	if err != nil {
		return nil, err
	}
	return s.related(ctx, pa.ID)
}

func (s *Service) related(ctx context.Context, id int64) (*Related, error) {
	links, err := s.store.linksOf(ctx, id)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, 0, len(links))
	for _, l := range links {
		ids = append(ids, l.SuperID, l.SubID)
	}
	// the linked partners of a partner the caller may see
	byID, err := s.ByIDs(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, err
	}
	out := &Related{SuperPartners: []Summary{}, SubPartners: []Summary{}}
	for _, l := range links {
		if l.SubID == id {
			if pa := byID[l.SuperID]; pa != nil {
				out.SuperPartners = append(out.SuperPartners, pa.summary())
			}
		} else if pa := byID[l.SubID]; pa != nil {
			out.SubPartners = append(out.SubPartners, pa.summary())
		}
	}
	byName := func(a, b Summary) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.OspID, b.OspID)
	}
	slices.SortFunc(out.SuperPartners, byName)
	slices.SortFunc(out.SubPartners, byName)
	return out, nil
}

// pair resolves a link request to (super, sub) ids.
func (s *Service) pair(ctx context.Context, p *access.Principal, req LinkRequest) (ospID int64, superID, subID int64, err error) {
	v := validate.New(ctx)
	v.Required("ospId", req.OspID)
	v.Required("relatedPartnerOspId", req.RelatedPartnerOspID)
	if v.Required("relation", req.Relation) {
		v.OneOf("relation", req.Relation, []string{RelationSub, RelationSuper})
	}
	if err := v.Err(); err != nil {
		return 0, 0, 0, err
	}
	a, err := s.find(ctx, p.Scope, "ospId", req.OspID)
	if err != nil {
		return 0, 0, 0, err
	}
	b, err := s.find(ctx, p.Scope, "relatedPartnerOspId", req.RelatedPartnerOspID)
	if err != nil {
		return 0, 0, 0, err
	}
	if a.ID == b.ID {
		return 0, 0, 0, apperr.Invalid(LabelLinkSelf, "relatedPartnerOspId", i18n.T(i18n.FromContext(ctx), "error.PARTNER_LINK_SELF"))
	}
	if req.Relation == RelationSub {
		return a.ID, a.ID, b.ID, nil
	}
	return a.ID, b.ID, a.ID, nil
}

// Link makes one partner a sub-partner of another. A partner is never
// linked to itself, twice, or into a cycle of any depth; link writers are
// serialised, so two links added at once cannot close a cycle together.
func (s *Service) Link(ctx context.Context, p *access.Principal, req LinkRequest) (*Related, error) {
	self, superID, subID, err := s.pair(ctx, p, req)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lockLinks(ctx); err != nil {
			return err
		}
		links, err := s.store.links(ctx)
		if err != nil {
			return err
		}
		below := map[int64][]int64{}
		for _, l := range links {
			if l.SuperID == superID && l.SubID == subID {
				return apperr.Conflict(LabelLinkExists, i18n.T(lang, "error.PARTNER_LINK_EXISTS"))
			}
			below[l.SuperID] = append(below[l.SuperID], l.SubID)
		}
		if reaches(below, subID, superID) {
			return apperr.Conflict(LabelLinkCycle, i18n.T(lang, "error.PARTNER_LINK_CYCLE"))
		}
		if err := s.store.addLink(ctx, superID, subID, database.Now(s.clock.Now())); err != nil {
			if database.IsUniqueViolation(err) {
				return apperr.Conflict(LabelLinkExists, i18n.T(lang, "error.PARTNER_LINK_EXISTS"))
			}
			return err
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.related(ctx, self)
}

// reaches tells whether to is below from (following super → sub links).
func reaches(below map[int64][]int64, from, to int64) bool {
	seen := map[int64]bool{from: true}
	next := []int64{from}
	for len(next) > 0 {
		n := next[len(next)-1]
		next = next[:len(next)-1]
		if n == to {
			return true
		}
		for _, c := range below[n] {
			if !seen[c] {
				seen[c] = true
				next = append(next, c)
			}
		}
	}
	return false
}

// Unlink removes a link; PARTNER_LINK_NOT_FOUND when there is none.
func (s *Service) Unlink(ctx context.Context, p *access.Principal, req LinkRequest) (*Related, error) {
	self, superID, subID, err := s.pair(ctx, p, req)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		n, err := s.store.removeLink(ctx, superID, subID)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperr.New(apperr.KindNotFound, LabelLinkNotFound, i18n.T(i18n.FromContext(ctx), "error.PARTNER_LINK_NOT_FOUND"))
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.related(ctx, self)
}

func (p *Partner) extID() string {
	if p.ExtID == nil {
		return ""
	}
	return *p.ExtID
}

func (p *Partner) summary() Summary {
	ext := p.extID()
	return Summary{OspID: p.OspID, Name: p.Name, ExtID: ext, PartnerType: p.PartnerType, Active: p.Active,
		Data: Data{PartnerType: p.PartnerType, Name: p.Name, ExtID: ext}}
}

func (p *Partner) detail(types []string) Detail {
	if types == nil {
		types = []string{}
	}
	ext := p.extID()
	return Detail{OspID: p.OspID, Name: p.Name, ExtID: ext, PartnerType: p.PartnerType, Active: p.Active,
		Data:   Data{PartnerType: p.PartnerType, Name: p.Name, ExtID: ext},
		Street: p.Street, StreetNumber: p.StreetNumber, ZipCode: p.ZipCode, City: p.City, Country: p.Country,
		VatNumber: p.VatNumber, Email: p.Email, SendInvoices: p.SendInvoices, SelfBilling: p.SelfBilling,
		BrandColor: p.BrandColor, SelectedBudgetTypes: types, SelectedProducts: []string{}, SelectedServiceResources: []string{}}
}
