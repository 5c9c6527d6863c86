package resource

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// Owner periods lie in this window: a typo (1900, 9999) is refused.
const (
	firstOwnerDay = "2000-01-01"
	lastOwnerDay  = "2099-12-31"
	// openEnd stands for an open-ended period in comparisons.
	openEnd = "9999-12-31"
)

func (s *Service) station(ctx context.Context, ospID string) (*row, error) {
	v := validate.New(ctx)
	v.Required("gasStationOspId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, KindGasStation, ospID)
	if database.IsNoRows(err) {
		return nil, notFound(KindGasStation)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// owners turns owner rows into answers, naming their companies (one batch;
// the rows were read within the caller's scope already).
func (s *Service) owners(ctx context.Context, rows []ownerRow) ([]Owner, error) {
	ids := make([]int64, 0, len(rows))
	for _, o := range rows {
		if !slices.Contains(ids, o.CorporateAccountID) {
			ids = append(ids, o.CorporateAccountID)
		}
	}
	companies, err := s.companies.ByIDs(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	out := make([]Owner, len(rows))
	for i, o := range rows {
		c := companies[o.CorporateAccountID]
		out[i] = Owner{OspID: o.OspID, OwnerName: o.OwnerName, CorporateAccountOspID: c.OspID, CorporateAccountName: c.Name,
			ValidFrom: o.ValidFrom, ValidTo: o.ValidTo}
	}
	return out, nil
}

// Owners returns a station's owner periods, oldest first: platform staff
// see all of them, a partner admin those of the partner's companies, a
// company admin their own company's.
func (s *Service) Owners(ctx context.Context, p *access.Principal, stationOspID string) (*StationOwners, error) {
	st, err := s.station(ctx, stationOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.owners(ctx, p.Scope, st.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	owners, err := s.owners(ctx, rows)
	if err != nil {
		return nil, err
	}
	return &StationOwners{GasStationOspID: st.OspID, GasStationName: st.Name, Owners: owners}, nil
}

// checkOwners holds new owner periods to their rules: a company the caller
// may name, days within the window, the end not before the start, and no
// two periods overlapping (an open end runs for ever).
func (s *Service) checkOwners(ctx context.Context, p *access.Principal, ws []OwnerWrite) ([]ownerRow, error) {
	v := validate.New(ctx)
	rows := make([]ownerRow, len(ws))
	for i, w := range ws {
		at := func(f string) string { return indexed("owners", i) + "." + f }
		rows[i] = ownerRow{OspID: uuid.NewString(), OwnerName: strings.TrimSpace(w.OwnerName), ValidFrom: w.ValidFrom}
		v.MaxLength(at("ownerName"), rows[i].OwnerName, 100)
		plain(v, at("ownerName"), rows[i].OwnerName)
		if v.Required(at("validFrom"), w.ValidFrom) {
			ownerDay(v, at("validFrom"), w.ValidFrom)
		}
		if w.ValidTo != nil {
			to := *w.ValidTo
			rows[i].ValidTo = &to
			if v.Required(at("validTo"), to) && ownerDay(v, at("validTo"), to) && !v.Has(at("validFrom")) && to < w.ValidFrom {
				v.Fail(at("validTo"), "rule.endBeforeStart")
			}
		}
		if v.Required(at("corporateAccountOspId"), w.CorporateAccountOspID) {
			c, err := s.companies.Resolve(ctx, p, w.CorporateAccountOspID)
			switch {
			case apperr.IsNotFound(err):
				v.Fail(at("corporateAccountOspId"), "resource.rule.company")
			case err != nil:
				return nil, apperr.Wrap(err)
			default:
				rows[i].CorporateAccountID = c.ID
				if rows[i].OwnerName == "" {
					rows[i].OwnerName = c.Name
				}
			}
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rows[order[a]].ValidFrom < rows[order[b]].ValidFrom })
	for k := 1; k < len(order); k++ {
		prev, cur := rows[order[k-1]], rows[order[k]]
		end := openEnd
		if prev.ValidTo != nil {
			end = *prev.ValidTo
		}
		if cur.ValidFrom <= end {
			return nil, apperr.Invalid(LabelOwnerOverlap, indexed("owners", order[k])+".validFrom",
				"the period from "+cur.ValidFrom+" overlaps the one from "+prev.ValidFrom)
		}
	}
	return rows, nil
}

// ownerDay: a date within the owner window.
func ownerDay(v *validate.Checker, field, day string) bool {
	v.Date(field, day)
	if v.Has(field) {
		return false
	}
	if day < firstOwnerDay || day > lastOwnerDay {
		v.Fail(field, "resource.rule.dateWindow", firstOwnerDay[:4], lastOwnerDay[:4])
		return false
	}
	return true
}

// ReplaceOwners replaces a station's owner periods in one transaction,
// under the station's row lock so concurrent replacements queue; the
// schema's trigger refuses an overlap that got past the checks.
func (s *Service) ReplaceOwners(ctx context.Context, p *access.Principal, req OwnersUpdate) (*StationOwners, error) {
	st, err := s.station(ctx, req.GasStationOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.checkOwners(ctx, p, req.Owners)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lock(ctx, st.ID); err != nil {
			return err
		}
		return s.store.replaceOwners(ctx, st.ID, rows, database.Now(s.clock.Now()))
	})
	if isOverlap(err) {
		return nil, apperr.Conflict(LabelOwnerOverlap, "owner periods of one station may not overlap")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Owners(ctx, p, req.GasStationOspID)
}

// isOverlap tells whether err is the schema's refusal of overlapping periods.
func isOverlap(err error) bool {
	return err != nil && strings.Contains(err.Error(), "overlapping periods for one station")
}

// ByOwner lists the stations a company owns or owned (those it owns on
// date when given), by station name, each with its period. A company admin
// names only their own company, a partner admin the partner's companies.
func (s *Service) ByOwner(ctx context.Context, p *access.Principal, req ByOwnerRequest) ([]OwnedStation, error) {
	v := validate.New(ctx)
	v.Date("date", req.Date)
	if err := v.Err(); err != nil {
		return nil, err
	}
	c, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.ownedBy(ctx, c.ID, req.Date)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	owners, err := s.owners(ctx, rows)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(rows))
	for _, o := range rows {
		if !slices.Contains(ids, o.ResourceID) {
			ids = append(ids, o.ResourceID)
		}
	}
	stations, err := s.store.byIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	sums, err := s.summariesOf(ctx, stations)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Summary, len(sums))
	for i := range sums {
		byID[stations[i].ID] = sums[i]
	}
	out := make([]OwnedStation, len(rows))
	for i, o := range rows {
		out[i] = OwnedStation{Station: byID[o.ResourceID], Owner: owners[i]}
	}
	return out, nil
}

// FuelPartners lists the partners that offer active gas stations, by name.
func (s *Service) FuelPartners(ctx context.Context) ([]FuelPartner, error) {
	counts, err := s.store.stationPartners(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(counts))
	for i, c := range counts {
		ids[i] = c.PartnerID
	}
	partners, err := s.partners.ByIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	out := make([]FuelPartner, 0, len(counts))
	for _, c := range counts {
		p := partners[c.PartnerID]
		out = append(out, FuelPartner{OspID: p.OspID, Name: p.Name, StationCount: c.Count})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
