package invoice

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// Methods lists invoice/pay's payment methods.
var Methods = []string{MethodTransfer, MethodDirectDebit}

// statusFor is a document's status from what was paid against what is
// payable: equal PAID (a prepaid invoice, payable 0, is PAID without a
// payment), nothing paid back to SENT (CREATED when never sent), less
// INSUFFICIENT_PAYMENT, more EXCESSIVE_PAYMENT.
func statusFor(paid, payable int64, sent bool) string {
	switch {
	case paid == payable:
		return StatusPaid
	case paid == 0 && sent:
		return StatusSent
	case paid == 0:
		return StatusCreated
	case paid < payable:
		return StatusInsufficientPayment
	default:
		return StatusExcessivePayment
	}
}

// Pay records a payment (platform staff): amount not 0 (negative: money
// paid back), dated not in the future and not before the issue date. In
// one transaction: the payment, the document's paid sum (checked) and its
// status. A credit note takes no payment (409).
func (s *Service) Pay(ctx context.Context, p *access.Principal, req PayRequest) (*Detail, error) {
	v := validate.New(ctx)
	if v.AmountInBounds("amount", req.Amount) && req.Amount == 0 {
		v.Fail("amount", "invoice.rule.amountNotZero")
	}
	today := clock.Today(s.clock.Now())
	if v.Required("paymentDate", req.PaymentDate) {
		v.ExpenseDate("paymentDate", req.PaymentDate, today)
	}
	method := req.Method
	if method == "" {
		method = MethodTransfer
	}
	if !slices.Contains(Methods, method) {
		v.Fail("method", "rule.oneOf", strings.Join(Methods, ", "))
	}
	v.MaxLength("reference", req.Reference, 140)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var ospID string
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.lockForUpdate(ctx, p, req.OspID)
		if database.IsNoRows(err) {
			return apperr.NotFound("invoice")
		}
		if err != nil {
			return apperr.Internal(err)
		}
		if r.Kind == document.KindCreditNote {
			return apperr.Conflict(LabelNotPayable, "a credit note takes no payment")
		}
		if req.PaymentDate < r.IssueDate {
			v.Fail("paymentDate", "invoice.rule.beforeIssue")
			return v.Err()
		}
		paid, err := money.Add(r.PaidAmount, req.Amount.Cents())
		if err != nil || paid > money.MaxAmount*100 || paid < -money.MaxAmount*100 {
			return apperr.Conflict(LabelPaymentTooLarge, "the payments' sum leaves the bounds of an amount")
		}
		if err := s.store.insertPayment(ctx, r.ID, uuid.NewString(), req.Amount.Cents(), req.PaymentDate,
			strings.TrimSpace(req.Reference), method, p.UserID, s.clock.Now()); err != nil {
			return apperr.Internal(err)
		}
		if err := s.store.setPaid(ctx, r.ID, paid, statusFor(paid, r.PayableAmount, r.SentAt != nil)); err != nil {
			return apperr.Internal(err)
		}
		ospID = r.OspID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, ospID)
}
