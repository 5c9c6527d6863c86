package resource

import (
	"context"
	"math"
	"strconv"
	"strings"
	"unicode"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// checked is a resource write that passed every check: its row (without
// ids and times), its fees and its labels' ids.
type checked struct {
	row      row
	fees     []feeRow
	labelIDs []int64
}

func mobilityModes() []string { return constants.MobilityModes }

func indexed(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// plain: no control characters (a name or an address is one line of text).
func plain(v *validate.Checker, field, value string) {
	if strings.IndexFunc(value, unicode.IsControl) >= 0 {
		v.Fail(field, "rule.invalid")
	}
}

// check holds a resource write to every rule before anything is written:
// the fields of its kind, the partner, the labels and the fees. All
// failures come back at once, each naming its field.
func (s *Service) check(ctx context.Context, in input) (*checked, error) {
	v := validate.New(ctx)
	c := &checked{}
	r := &c.row
	r.ExtID = strings.TrimSpace(in.ExtID)
	if v.Required("extId", r.ExtID) {
		v.ExtID("extId", r.ExtID)
		v.MaxLength("extId", r.ExtID, 50)
	}
	r.Name = strings.TrimSpace(in.Name)
	if v.Required("name", r.Name) {
		v.MaxLength("name", r.Name, 100)
		plain(v, "name", r.Name)
	}
	r.Description = strings.TrimSpace(in.Description)
	v.MaxLength("description", r.Description, 1000)
	r.MobilityMode = in.MobilityMode
	if v.Required("mobilityMode", r.MobilityMode) {
		v.OneOf("mobilityMode", r.MobilityMode, mobilityModes())
	}
	if loc := in.loc; loc != nil {
		a := loc.Address
		for _, f := range []struct{ field, value string }{{"address.street", a.Street}, {"address.streetNumber", a.StreetNumber},
			{"address.zipCode", a.ZipCode}, {"address.city", a.City}} {
			plain(v, f.field, f.value)
		}
		r.Street, r.StreetNumber = strings.TrimSpace(a.Street), strings.TrimSpace(a.StreetNumber)
		r.ZipCode, r.City = strings.TrimSpace(a.ZipCode), strings.TrimSpace(a.City)
		r.Latitude = coordinate(v, "latitude", loc.Latitude, 90)
		r.Longitude = coordinate(v, "longitude", loc.Longitude, 180)
	}
	switch in.kind {
	case KindParking, KindBike:
		if in.capacity != nil {
			bounded(v, "capacity", *in.capacity, 1, MaxCapacity)
			r.Capacity = in.capacity
		}
	case KindRental:
		if v.Required("carCategory", in.carCategory) {
			v.OneOf("carCategory", in.carCategory, CarCategories)
		}
		r.CarCategory = &in.carCategory
	case KindGasStation:
		if in.pumps == nil {
			v.Fail("numberOfPumps", "rule.required")
		} else {
			bounded(v, "numberOfPumps", *in.pumps, 1, MaxPumps)
		}
		r.NumberOfPumps = in.pumps
	}
	c.fees = s.checkFees(v, in.Fees)
	if err := s.checkPartner(ctx, v, in.MrpPartnerOspID, r); err != nil {
		return nil, err
	}
	ids, err := s.checkLabels(ctx, v, in.LabelOspIDs)
	if err != nil {
		return nil, err
	}
	c.labelIDs = ids
	if err := v.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// coordinate: required, a number within ±limit.
func coordinate(v *validate.Checker, field string, value *float64, limit float64) *float64 {
	switch {
	case value == nil:
		v.Fail(field, "rule.required")
	case math.IsNaN(*value) || *value < -limit || *value > limit:
		v.Fail(field, "resource.rule.between", strconv.FormatFloat(-limit, 'f', -1, 64), strconv.FormatFloat(limit, 'f', -1, 64))
	}
	return value
}

func bounded[N int | int64](v *validate.Checker, field string, n, lo, hi N) {
	switch {
	case n < lo:
		v.Fail(field, "rule.min", lo)
	case n > hi:
		v.Fail(field, "rule.max", hi)
	}
}

// checkPartner: the resource's provider is an active MRP or MRP_MSP partner.
func (s *Service) checkPartner(ctx context.Context, v *validate.Checker, ospID string, r *row) error {
	if !v.Required("mrpPartnerOspId", ospID) {
		return nil
	}
	p, err := s.partners.ByOspID(ctx, ospID)
	switch {
	case apperr.IsNotFound(err):
		v.Fail("mrpPartnerOspId", "resource.rule.mrpPartner")
	case err != nil:
		return apperr.Wrap(err)
	case !p.Active || !contains(mrpTypes, p.Type):
		v.Fail("mrpPartnerOspId", "resource.rule.mrpPartner")
	default:
		r.MrpPartnerID = p.ID
	}
	return nil
}

// checkLabels: every label named exists, is not deleted and is active;
// each counts once.
func (s *Service) checkLabels(ctx context.Context, v *validate.Checker, ospIDs []string) ([]int64, error) {
	uniq := dedupe(ospIDs)
	if len(uniq) == 0 {
		return nil, nil
	}
	if len(uniq) > MaxLabels {
		v.Fail("labelOspIds", "rule.maxItems", MaxLabels)
		return nil, nil
	}
	found, err := s.store.labelIDs(ctx, uniq)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, 0, len(found))
	for _, l := range found {
		if l.Active {
			ids = append(ids, l.ID)
		}
	}
	if len(ids) != len(uniq) {
		v.Fail("labelOspIds", "resource.rule.labels")
	}
	return ids, nil
}

// checkFees holds each fee to its type's rules.
func (s *Service) checkFees(v *validate.Checker, fees []FeeWrite) []feeRow {
	if len(fees) > MaxFees {
		v.Fail("fees", "rule.maxItems", MaxFees)
		return nil
	}
	out := make([]feeRow, 0, len(fees))
	for i, f := range fees {
		at := func(field string) string { return indexed("fees", i) + "." + field }
		row := feeRow{Position: i, FeeType: f.FeeType, Amount: int64(f.Amount), Cron: strings.TrimSpace(f.Cron), ProRata: f.ProRata,
			OnUserBudget: f.OnUserBudget, Description: strings.TrimSpace(f.Description)}
		if v.Required(at("feeType"), f.FeeType) {
			v.OneOf(at("feeType"), f.FeeType, FeeTypes)
		}
		if v.AmountInBounds(at("amount"), f.Amount) {
			bounded(v, at("amount"), row.Amount, 0, MaxFeeAmount)
		}
		switch {
		case f.FeeType == "VARIABLE" && v.Required(at("unit"), f.Unit):
			v.OneOf(at("unit"), f.Unit, FeeUnits)
			unit := f.Unit
			row.Unit = &unit
		case f.FeeType == "FIXED" && f.Unit != "":
			v.Fail(at("unit"), "rule.notAllowed")
		}
		bp, ok := money.VatBasisPoints(f.VatPercent)
		if !ok {
			v.Fail(at("vatPercent"), "rule.vatPercentage")
		}
		row.VatBasisPoints = bp
		if row.Cron != "" {
			if f.FeeType != "FIXED" {
				v.Fail(at("cron"), "rule.notAllowed")
			} else if _, rule := parseCron(row.Cron); rule != "" {
				v.Fail(at("cron"), rule)
			}
		}
		if f.ProRata && row.Cron == "" {
			v.Fail(at("proRata"), "resource.rule.proRata")
		}
		v.MaxLength(at("description"), row.Description, constants.DescriptionMaxLength)
		out = append(out, row)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// dedupe drops blanks and repeats, keeping the first order.
func dedupe(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func vatPercent(bp int64) float64 { return money.VatPercent(bp) }
