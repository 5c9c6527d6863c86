package userfee

import (
	"context"
	"hash/fnv"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/validate"
)

// LabelTiersOverlap: the tiers of one assignee never overlap (the field
// error on eventCountFrom names the tier in the way).
var LabelTiersOverlap = apperr.Define("USER_FEE_TIERS_OVERLAP")

// assignee is a tier's partner or company as resolved for a write or a read.
type assignee struct {
	Type  string
	ID    int64
	OspID string
	Name  string
}

// tierInput is a create's or update's checked numbers.
type tierInput struct {
	From, To int
	Amount   int64
	VatBP    int64
}

// checkNumbers applies the rules every tier holds (SPEC §5: to >= from, the
// error on eventCountTo), the bounds again for callers without HTTP, and
// turns the VAT percentage into basis points.
func checkNumbers(ctx context.Context, v *validate.Checker, from, to int, amount int64, vat float64) tierInput {
	const maxCount, maxAmount = 1_000_000, 1_000_000
	lang := i18n.FromContext(ctx)
	if from < 1 || from > maxCount {
		v.Fail("eventCountFrom", "userfee.rule.countRange", 1, maxCount)
	}
	if to < 1 || to > maxCount {
		v.Fail("eventCountTo", "userfee.rule.countRange", 1, maxCount)
	} else if to < from {
		v.Fail("eventCountTo", "userfee.rule.toBeforeFrom", from)
	}
	if amount < 0 || amount > maxAmount {
		v.Fail("amount", "money.rule.amountRange", money.FormatEuro(0, string(lang)), money.FormatEuro(maxAmount, string(lang)))
	}
	bp, ok := money.VatBasisPoints(vat)
	if !ok {
		v.Fail("vatPercent", "rule.vatPercentage")
	}
	return tierInput{From: from, To: to, Amount: amount, VatBP: bp}
}

// resolveAssignee finds an active MSP partner or an active company for a
// write (platform staff: every tenant). Unknown, inactive or of the wrong
// kind is a field error on assigneeOspId, not a 404: the caller picked it.
func (s *Service) resolveAssignee(ctx context.Context, p *access.Principal, v *validate.Checker, typ, ospID string) *assignee {
	v.OneOf("assigneeType", typ, []string{AssigneePartner, AssigneeCompany})
	if !v.Required("assigneeOspId", ospID) || v.Has("assigneeType") {
		return nil
	}
	switch typ {
	case AssigneePartner:
		pa, err := s.partners.Resolve(ctx, p.Scope, ospID)
		if err != nil || !pa.Active || pa.PartnerType != partner.TypeMSP {
			v.Fail("assigneeOspId", "userfee.rule.partner")
			return nil
		}
		return &assignee{Type: typ, ID: pa.ID, OspID: pa.OspID, Name: pa.Name}
	default:
		ca, err := s.companies.Resolve(ctx, p, ospID)
		if err != nil || !ca.Active {
			v.Fail("assigneeOspId", "userfee.rule.company")
			return nil
		}
		return &assignee{Type: typ, ID: ca.ID, OspID: ca.OspID, Name: ca.Name}
	}
}

// Create adds a tier to a partner or company (platform staff).
func (s *Service) Create(ctx context.Context, p *access.Principal, req TierWrite) (*Tier, error) {
	v := validate.New(ctx)
	a := s.resolveAssignee(ctx, p, v, req.AssigneeType, req.AssigneeOspID)
	in := checkNumbers(ctx, v, req.EventCountFrom, req.EventCountTo, req.Amount, req.VatPercent)
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := tierRow{OspID: uuid.NewString(), EventCountFrom: in.From, EventCountTo: in.To, Amount: in.Amount,
		VatBasisPoints: in.VatBP, CreatedAt: now}
	if a.Type == AssigneePartner {
		r.PartnerID = &a.ID
	} else {
		r.CorporateAccountID = &a.ID
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.checkOverlap(ctx, a, in, 0); err != nil {
			return err
		}
		id, err := s.store.insertTier(ctx, r, now)
		r.ID = id
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	t := r.toAPI(a)
	return &t, nil
}

// Update changes a tier's range, fee or VAT (platform staff).
func (s *Service) Update(ctx context.Context, p *access.Principal, req TierUpdate) (*Tier, error) {
	v := validate.New(ctx)
	v.Required("ospId", req.OspID)
	in := checkNumbers(ctx, v, req.EventCountFrom, req.EventCountTo, req.Amount, req.VatPercent)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var (
		r *tierRow
		a *assignee
	)
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if r, a, err = s.lockedTier(ctx, p, req.OspID); err != nil {
			return err
		}
		if err := s.checkOverlap(ctx, a, in, r.ID); err != nil {
			return err
		}
		r.EventCountFrom, r.EventCountTo, r.Amount, r.VatBasisPoints = in.From, in.To, in.Amount, in.VatBP
		return s.store.updateTier(ctx, r, database.Now(s.clock.Now()))
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	t := r.toAPI(a)
	return &t, nil
}

// Delete removes a tier (platform staff). Charges made with it keep their
// copied amounts.
func (s *Service) Delete(ctx context.Context, p *access.Principal, ospID string) error {
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		r, _, err := s.lockedTier(ctx, p, ospID)
		if err != nil {
			return err
		}
		return s.store.deleteTier(ctx, r.ID)
	}))
}

// lockedTier finds a tier within scope and takes its assignee's lock, so
// the overlap check and the write see every other writer's tiers.
func (s *Service) lockedTier(ctx context.Context, p *access.Principal, ospID string) (*tierRow, *assignee, error) {
	r, err := s.store.tier(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, nil, apperr.NotFound("user fee tier")
	}
	if err != nil {
		return nil, nil, err
	}
	a := &assignee{Type: AssigneeCompany}
	if r.PartnerID != nil {
		a.Type, a.ID = AssigneePartner, *r.PartnerID
	} else {
		a.ID = *r.CorporateAccountID
	}
	if err := s.store.lockAssignee(ctx, lockKey(a)); err != nil {
		return nil, nil, err
	}
	// read again under the lock: a concurrent update may have moved it
	if r, err = s.store.tier(ctx, p.Scope, ospID); err != nil {
		if database.IsNoRows(err) {
			return nil, nil, apperr.NotFound("user fee tier")
		}
		return nil, nil, err
	}
	names, err := s.assigneeNames(ctx, []tierRow{*r})
	if err != nil {
		return nil, nil, err
	}
	found := names[assigneeKey(*r)]
	a.OspID, a.Name = found.OspID, found.Name
	return r, a, nil
}

// checkOverlap refuses a range that meets another tier of the assignee
// (except the tier being changed), under the assignee's lock taken here
// in the writing transaction.
func (s *Service) checkOverlap(ctx context.Context, a *assignee, in tierInput, except int64) error {
	if err := s.store.lockAssignee(ctx, lockKey(a)); err != nil {
		return err
	}
	other, err := s.store.overlapping(ctx, a.Type == AssigneePartner, a.ID, in.From, in.To, except)
	if database.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	v := validate.New(ctx)
	v.Fail("eventCountFrom", "userfee.rule.overlap", other.EventCountFrom, other.EventCountTo)
	return apperr.As(v.Err()).WithLabel(LabelTiersOverlap)
}

// lockKey is the advisory lock of an assignee's tiers: a 64-bit hash of
// its kind and id.
func lockKey(a *assignee) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("user_fee_tiers:" + a.Type + ":"))
	var b [8]byte
	for i := range b {
		b[i] = byte(a.ID >> (8 * i))
	}
	_, _ = h.Write(b[:])
	return int64(h.Sum64())
}

// GetAll lists tiers within the caller's reach: one assignee's (named by
// type and ospId) or, without one, every assignee's, ordered by assignee
// and range. Platform staff see all; an MSP admin their partner's tiers
// and those of its companies. Another tenant's assignee is NOT_FOUND.
func (s *Service) GetAll(ctx context.Context, p *access.Principal, req GetAllRequest) ([]Tier, error) {
	var f tierFilter
	if req.AssigneeOspID != "" {
		v := validate.New(ctx)
		v.OneOf("assigneeType", req.AssigneeType, []string{AssigneePartner, AssigneeCompany})
		if err := v.Err(); err != nil {
			return nil, err
		}
		if req.AssigneeType == AssigneePartner {
			pa, err := s.partners.Resolve(ctx, p.Scope, req.AssigneeOspID)
			if err != nil {
				return nil, err
			}
			f.PartnerID = &pa.ID
		} else {
			ca, err := s.companies.Resolve(ctx, p, req.AssigneeOspID)
			if err != nil {
				return nil, err
			}
			f.CompanyID = &ca.ID
		}
	} else if req.AssigneeType != "" {
		v := validate.New(ctx)
		v.OneOf("assigneeType", req.AssigneeType, []string{AssigneePartner, AssigneeCompany})
		if err := v.Err(); err != nil {
			return nil, err
		}
		f.Type = req.AssigneeType
	}
	rows, err := s.store.tiers(ctx, p.Scope, f)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	names, err := s.assigneeNames(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make([]Tier, 0, len(rows))
	for _, r := range rows {
		a := names[assigneeKey(r)]
		out = append(out, r.toAPI(&a))
	}
	return out, nil
}

// assigneeKey identifies a row's assignee in assigneeNames' answer.
func assigneeKey(r tierRow) assignee {
	if r.PartnerID != nil {
		return assignee{Type: AssigneePartner, ID: *r.PartnerID}
	}
	return assignee{Type: AssigneeCompany, ID: *r.CorporateAccountID}
}

// assigneeNames reads the rows' partners and companies from their owners'
// read models, one batch each (the rows were reached within scope).
func (s *Service) assigneeNames(ctx context.Context, rows []tierRow) (map[assignee]assignee, error) {
	var partners, companies []int64
	for _, r := range rows {
		if r.PartnerID != nil {
			partners = append(partners, *r.PartnerID)
		} else {
			companies = append(companies, *r.CorporateAccountID)
		}
	}
	out := map[assignee]assignee{}
	if len(partners) > 0 {
		found, err := s.partners.ByIDs(ctx, access.SystemScope(), partners)
		if err != nil {
			return nil, err
		}
		for id, pa := range found {
			out[assignee{Type: AssigneePartner, ID: id}] = assignee{Type: AssigneePartner, ID: id, OspID: pa.OspID, Name: pa.Name}
		}
	}
	if len(companies) > 0 {
		found, err := s.companies.Names(ctx, access.SystemScope(), companies)
		if err != nil {
			return nil, err
		}
		for id, ca := range found {
			out[assignee{Type: AssigneeCompany, ID: id}] = assignee{Type: AssigneeCompany, ID: id, OspID: ca.OspID, Name: ca.Name}
		}
	}
	return out, nil
}

func (r tierRow) toAPI(a *assignee) Tier {
	return Tier{OspID: r.OspID, AssigneeType: a.Type, AssigneeOspID: a.OspID, AssigneeName: a.Name,
		EventCountFrom: r.EventCountFrom, EventCountTo: r.EventCountTo, Amount: r.Amount,
		VatPercent: money.VatPercent(r.VatBasisPoints), CreatedOn: r.CreatedAt.Format(time.RFC3339)}
}
