package order

import (
	"context"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/messaging"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// vatPublicTransport: Belgian VAT on public transport season cards, 6%.
const vatPublicTransport = 600

// BookingPrefix starts the booking id of a confirmation's expense
// ("SCO-<orderId>"): one order books at most one expense, platform-wide.
const BookingPrefix = "SCO-"

// MessageChannel is the platform channel the cancellations go out on.
const MessageChannel = "Season-card orders"

// locked reads and locks the order a handling call names, within the
// caller's scope and, when named, the selected company; then checks that
// the caller may handle it (the company's configuration).
func (s *Service) locked(ctx context.Context, p *access.Principal, orderID, companyOspID string) (*orderRow, error) {
	r, err := s.store.byOspID(ctx, p.Scope, orderID, true)
	if database.IsNoRows(err) {
		return nil, notFound(ctx)
	}
	if err != nil {
		return nil, err
	}
	if companyOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, companyOspID)
		if err != nil {
			return nil, err
		}
		if ca.ID != r.CompanyID {
			return nil, notFound(ctx)
		}
	}
	cfg, err := s.config(ctx, r.CompanyID)
	if err != nil {
		return nil, err
	}
	if !mayHandle(p, cfg) {
		return nil, apperr.Conflict(LabelHandledByPlatform, i18n.T(i18n.FromContext(ctx), "order.error.handledByPlatform"))
	}
	return r, nil
}

// Confirm books an open order once on one of the employee's budgets (the
// effective price plus the parking part) and marks it CONFIRMED with the
// effective start date and price, in one transaction. The row lock and
// the conditional UPDATE on (status, version) make a second confirm or a
// cancel racing it lose with ORDER_NOT_OPEN or ORDER_CHANGED, booking
// nothing.
func (s *Service) Confirm(ctx context.Context, p *access.Principal, req ConfirmRequest) (*Order, error) {
	v := validate.New(ctx)
	v.Required("orderId", req.OrderID)
	if req.EffectiveStartDate != "" {
		s.dateBetween(v, "effectiveStartDate", req.EffectiveStartDate, "2000-01-01", clock.Today(s.clock.Now().AddDate(1, 0, 0)))
	}
	if req.EffectivePrice != nil {
		positive(v, "effectivePrice", int64(*req.EffectivePrice))
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.locked(ctx, p, req.OrderID, req.CorporateAccountOspID)
		if err != nil {
			return err
		}
		if r.Status != StatusOpen {
			return apperr.Conflict(LabelNotOpen, i18n.T(lang, "order.error.notOpen"))
		}
		b, err := s.budgetFor(ctx, v, r, req.BudgetOspID)
		if err != nil {
			return err
		}
		start, price := r.StartDate, r.Price
		if req.EffectiveStartDate != "" {
			start = req.EffectiveStartDate
		}
		if req.EffectivePrice != nil {
			price = int64(*req.EffectivePrice)
		}
		total, err := money.Add(price, r.ParkingPrice)
		if err != nil || total > money.MaxAmount {
			v.Fail("effectivePrice", "rule.maxAmount", money.FormatEuro(money.MaxAmount, string(lang)))
			return v.Err()
		}
		booked, err := s.expenses.BookProvider(ctx, expense.ProviderBooking{UserID: r.UserID, CompanyID: r.CompanyID, BudgetID: b.ID,
			Amount: total, VatBasisPoints: vatPublicTransport, Date: s.today(), BookingID: BookingPrefix + r.OspID, ExternalReference: r.CardNumber,
			MobilityMode: mobilityMode(r.Product), Description: description(r, start)})
		if err != nil {
			return err
		}
		now := s.now()
		r.EffectiveStartDate, r.EffectivePrice, r.BudgetID = &start, &price, &b.ID
		r.ExpenseID, r.ExpenseOspID, r.ConfirmedAt, r.HandledAt = &booked.ID, &booked.OspID, &now, &now
		if p.UserID != 0 {
			r.ConfirmedBy = &p.UserID
		}
		ok, err := s.store.confirm(ctx, r, r.Version)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict(LabelChanged, i18n.T(lang, "order.error.changed"))
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.reread(ctx, p, req.OrderID)
}

// budgetFor is the budget a confirmation books on: the one named, which
// must be the employee's, or the suggested one.
func (s *Service) budgetFor(ctx context.Context, v *validate.Checker, r *orderRow, named string) (*budget.Ref, error) {
	if named != "" {
		b, err := s.budgets.RefByOspID(ctx, access.SystemScope(), named)
		if apperr.IsNotFound(err) || err == nil && (b.UserID == nil || *b.UserID != r.UserID) {
			v.Fail("budgetOspId", "rule.budgetOwner")
			return nil, v.Err()
		}
		return b, err
	}
	refs, err := s.budgets.UserBudgets(ctx, access.SystemScope(), []int64{r.UserID})
	if err != nil {
		return nil, err
	}
	cfg, err := s.config(ctx, r.CompanyID)
	if err != nil {
		return nil, err
	}
	b, ok := suggest(refs[r.UserID], r.BudgetType, cfg.DefaultBudgetType)
	if !ok {
		return nil, apperr.Conflict(LabelNoBudget, i18n.T(i18n.FromContext(ctx), "order.error.noBudget"))
	}
	return &b, nil
}

// mobilityMode of a product's booking: the train, or city transport.
func mobilityMode(product string) string {
	if product == ProductTrain {
		return "TRAIN"
	}
	return "BUS_TRAM_METRO"
}

// description of the booking, as the employee sees it in the app.
func description(r *orderRow, start string) string {
	d := r.Product + " season card, " + strconv.Itoa(r.DurationMonths) + " month(s) from " + start
	if r.Product == ProductTrain && r.Origin != "" {
		d += ": " + r.Origin
		if r.Destination != "" {
			d += " - " + r.Destination
		}
	}
	if r.IncludeParking {
		d += " + parking"
	}
	return d
}

// Cancel marks an open or confirmed order CANCELLED with the reason and
// sends the reason to the employee's inbox in their language, in one
// transaction. A confirmed order keeps its booking (SPEC §4: cancelling a
// handled order does not adjust the charged cost).
func (s *Service) Cancel(ctx context.Context, p *access.Principal, req CancelRequest) (*Order, error) {
	v := validate.New(ctx)
	v.Required("orderId", req.OrderID)
	reason := strings.TrimSpace(req.Reason)
	if v.Required("reason", reason) {
		v.MaxLength("reason", reason, MaxReason)
		noControl(v, "reason", reason)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.locked(ctx, p, req.OrderID, req.CorporateAccountOspID)
		if err != nil {
			return err
		}
		if r.Status == StatusCancelled {
			return apperr.Conflict(LabelAlreadyCancelled, i18n.T(lang, "order.error.alreadyCancelled"))
		}
		now := s.now()
		r.CancelledAt, r.HandledAt, r.CancelReason = &now, &now, &reason
		if p.UserID != 0 {
			r.CancelledBy = &p.UserID
		}
		ok, err := s.store.cancel(ctx, r, r.Version)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict(LabelChanged, i18n.T(lang, "order.error.changed"))
		}
		to := i18n.Lang(r.Language)
		if !i18n.IsSupported(r.Language) {
			to = i18n.Default
		}
		return s.messages.SendDirect(ctx, messaging.Direct{Channel: MessageChannel, CompanyID: r.CompanyID, UserID: r.UserID,
			Title: i18n.T(to, "order.message.cancelledTitle"),
			Body:  i18n.T(to, "order.message.cancelledBody", r.Product, r.StartDate, reason)})
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.reread(ctx, p, req.OrderID)
}

// reread answers an order after a change, masked as lists show it.
func (s *Service) reread(ctx context.Context, p *access.Principal, id string) (*Order, error) {
	r, err := s.store.byOspID(ctx, p.Scope, id, false)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toOrders(ctx, []orderRow{*r}, true)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// ---- configuration ----

// GetConfig is a company's settings (the defaults until set).
func (s *Service) GetConfig(ctx context.Context, p *access.Principal, req ConfigRequest) (*Config, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	c, err := s.config(ctx, ca.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &Config{CorporateAccountOspID: ca.OspID, HandledBy: c.HandledBy, DefaultBudgetType: c.DefaultBudgetType}, nil
}

// UpdateConfig sets a company's settings (platform staff: the route).
func (s *Service) UpdateConfig(ctx context.Context, p *access.Principal, req Config) (*Config, error) {
	v := validate.New(ctx)
	v.OneOf("handledBy", req.HandledBy, []string{HandledByCompany, HandledByPlatform})
	v.OneOf("defaultBudgetType", req.DefaultBudgetType, budget.UserTypes)
	if err := v.Err(); err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if err := s.store.saveConfig(ctx, &configRow{CompanyID: ca.ID, HandledBy: req.HandledBy, DefaultBudgetType: req.DefaultBudgetType},
		p.UserID, s.now()); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetConfig(ctx, p, ConfigRequest{CorporateAccountOspID: ca.OspID})
}

// ---- the invoice check's read model ----

// ProcessedInMonth lists orders confirmed in the given month (Europe/
// Brussels), in id order, with their effective start date and price;
// orders cancelled after confirmation are included (their charge stays).
func (s *Service) ProcessedInMonth(ctx context.Context, year int, month time.Month) ([]InvoiceOrder, error) {
	m := clock.Month{Year: year, Month: int(month)}
	rows, err := s.store.confirmedBetween(ctx, database.Now(m.Start()), database.Now(m.End()))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]InvoiceOrder, 0, len(rows))
	for _, r := range rows {
		start, _ := time.ParseInLocation(clock.DateLayout, deref(r.EffectiveStartDate, r.StartDate), clock.Brussels)
		price := r.Price
		if r.EffectivePrice != nil {
			price = *r.EffectivePrice
		}
		o := InvoiceOrder{OrderID: r.ID, CompanyID: r.CompanyID, CardNumber: r.CardNumber, ProcessedOn: *r.ConfirmedAt,
			StartDate: start, PriceCents: price, IncludeParking: r.IncludeParking}
		if r.IncludeParking {
			o.ParkingCents = r.ParkingPrice
		}
		out = append(out, o)
	}
	return out, nil
}

func deref(s *string, def string) string {
	if s == nil {
		return def
	}
	return *s
}
