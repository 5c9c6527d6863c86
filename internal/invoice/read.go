package invoice

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

// Get answers one document the principal may see, with its lines, VAT
// breakdown and payments; others' and unknown ids are NOT_FOUND.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*Detail, error) {
	r, err := s.store.byOspID(ctx, p, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("invoice")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.detail(ctx, r)
}

// detail loads a document's parts.
func (s *Service) detail(ctx context.Context, r *row) (*Detail, error) {
	list, err := s.describe(ctx, []row{*r})
	if err != nil {
		return nil, err
	}
	lines, err := s.store.lines(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	totals, err := ComputeTotals(lines)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	pays, err := s.store.payments(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	d := &Detail{Invoice: list[0], Lines: nonNil(lines), Vat: nonNil(totals.Rates), Payments: []Payment{}}
	for _, p := range pays {
		d.Payments = append(d.Payments, Payment{OspID: p.OspID, Amount: p.Amount, PaymentDate: p.PaymentDate, Reference: p.Reference,
			Method: p.Method, CreatedOn: p.CreatedAt.Format("2006-01-02T15:04:05Z07:00")})
	}
	return d, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// describe turns rows into list entries: the company's and partner's
// public ids (read models, one batch each) and names (the snapshot the
// document was issued with).
func (s *Service) describe(ctx context.Context, rows []row) ([]Invoice, error) {
	var companyIDs, partnerIDs []int64
	for _, r := range rows {
		if r.CompanyID != nil {
			companyIDs = append(companyIDs, *r.CompanyID)
		}
		if r.PartnerID != nil && r.Kind == document.KindSelfBilling {
			partnerIDs = append(partnerIDs, *r.PartnerID)
		}
	}
	// the rows were read within the caller's reach: their companies and
	// partners are named as the system
	comps, err := s.companies.Names(ctx, access.SystemScope(), uniq(companyIDs))
	if err != nil {
		return nil, err
	}
	parts, err := s.partners.ByIDs(ctx, access.SystemScope(), uniq(partnerIDs))
	if err != nil {
		return nil, err
	}
	out := make([]Invoice, len(rows))
	for i, r := range rows {
		inv := Invoice{OspID: r.OspID, Kind: r.Kind, Number: r.Number, Month: r.Month, IssueDate: r.IssueDate, DueDate: r.DueDate,
			Status: r.Status, NetAmount: r.NetAmount, VatAmount: r.VatAmount, TotalAmount: r.TotalAmount,
			PrepaidAmount: r.PrepaidAmount, PayableAmount: r.PayableAmount, PaidAmount: r.PaidAmount,
			PaymentReference: r.PaymentReference, SendingMethod: r.SendingMethod, PeppolStatus: r.PeppolStatus, HasDetail: r.HasDetail}
		if r.SentAt != nil {
			inv.SentAt = r.SentAt.UTC().Format("2006-01-02T15:04:05Z")
		}
		if r.CreditedNumber != nil {
			inv.CreditedInvoiceNumber = *r.CreditedNumber
		}
		if r.CreditNoteNumber != nil {
			inv.CreditNoteNumber = *r.CreditNoteNumber
		}
		if r.Kind == document.KindSelfBilling {
			if p := parts[*r.PartnerID]; p != nil {
				inv.PartnerOspID = p.OspID
			}
			inv.PartnerName = partyName(r.SellerJSON)
		} else if r.CompanyID != nil {
			if c := comps[*r.CompanyID]; c != nil {
				inv.CorporateAccountOspID = c.OspID
			}
			inv.CorporateAccountName = partyName(r.BuyerJSON)
		}
		out[i] = inv
	}
	return out, nil
}

func partyName(js string) string {
	var p document.Party
	_ = json.Unmarshal([]byte(js), &p)
	return p.Name
}

func uniq(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// Find pages through the documents the filter selects within the
// principal's reach, with the sums of every matching document.
func (s *Service) Find(ctx context.Context, p *access.Principal, f Filter) (*InvoicePage, error) {
	v := validate.New(ctx)
	from, okFrom := s.checkFilterMonth(v, "monthFrom", f.MonthFrom)
	to, okTo := s.checkFilterMonth(v, "monthTo", f.MonthTo)
	if okFrom && okTo && f.MonthFrom != "" && f.MonthTo != "" && to.Index() < from.Index() {
		v.Fail("monthTo", "rule.monthOrder")
	}
	for _, st := range f.Statuses {
		if !slices.Contains(Statuses, st) {
			v.Fail("statuses", "rule.oneOf", strings.Join(Statuses, ", "))
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	w := &where{}
	if f.SelfBilling {
		if !p.IsOspAdmin() && (p.Scope.PartnerID == 0 || !p.Has(access.InvoiceManager)) {
			return nil, apperr.Forbidden("self-billing invoices are for platform staff and the provider's invoice managers")
		}
		cond, args := selfBillingScope(p)
		w.add("i.kind = 'SELF_BILLING' AND "+cond, args...)
		if f.PartnerOspID != "" {
			pa, err := s.partners.Resolve(ctx, p.Scope, f.PartnerOspID)
			if err != nil {
				return nil, err
			}
			w.add("i.partner_id = ?", pa.ID)
		}
	} else {
		cond, args := p.Scope.InCompanies("i.corporate_account_id")
		w.add("i.kind IN ('INVOICE', 'CREDIT_NOTE') AND "+cond, args...)
		if f.CorporateAccountOspID != "" {
			c, err := s.companies.Resolve(ctx, p, f.CorporateAccountOspID)
			if err != nil {
				return nil, err
			}
			w.add("i.corporate_account_id = ?", c.ID)
		}
		if f.PartnerOspID != "" {
			// the companies of an MSP partner (invoices.partner_id is the
			// company's partner when issued)
			pa, err := s.partners.Resolve(ctx, p.Scope, f.PartnerOspID)
			if err != nil {
				return nil, err
			}
			w.add("i.partner_id = ?", pa.ID)
		}
	}
	if len(f.Statuses) > 0 {
		w.add("i.status IN ("+database.Placeholders(len(f.Statuses))+")", anySlice(f.Statuses)...)
	}
	if f.MonthFrom != "" {
		w.add("i.month >= ?", f.MonthFrom)
	}
	if f.MonthTo != "" {
		w.add("i.month <= ?", f.MonthTo)
	}
	if n := strings.TrimSpace(f.Number); n != "" {
		w.add("i.number "+s.db.Dialect.LikeOp()+" ? ESCAPE '\\'", database.LikePattern(strings.ToUpper(n)))
	}
	pg := f.Pagination.Normalize(constants.DefaultPageSize)
	rows, sm, err := s.store.find(ctx, w, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	list, err := s.describe(ctx, rows)
	if err != nil {
		return nil, err
	}
	return &InvoicePage{Page: paging.NewPage(list, sm.Count, pg), TotalAmountSum: sm.Total, PayableAmountSum: sm.Payable,
		PaidAmountSum: sm.Paid}, nil
}

// checkFilterMonth validates an optional yyyyMM filter field.
func (s *Service) checkFilterMonth(v *validate.Checker, field, value string) (month, bool) {
	if value == "" {
		return month{}, true
	}
	m, ok := clock.ParseMonth(value)
	if !ok {
		v.Fail(field, "rule.month")
	}
	return m, ok
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
