package expense

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Recurring external purchases: a type, an amount booked every month or
// year from a start date, until an optional end date (inclusive).
//
// Schedule: the n-th occurrence is start + n months (or years), on the
// start's day of the month, or the month's last day when it is shorter
// (start 31 Jan: 28 Feb, 31 Mar, 30 Apr, ...). The date is the expense's
// date and its period_key.
//
// Booking: the "recurring-expenses" job books every occurrence whose date
// has come (catching up missed days) as a normal expense through
// budget.Service.Post, one occurrence per transaction. Each occurrence is
// handled once: recurring_expense_occurrences has one row per (recurrence,
// date) and expenses(recurrence_id, period_key) is unique. When the budget
// refuses (INSUFFICIENT_BUDGET, BUDGET_DEACTIVATED) the occurrence is
// recorded as FAILED with that label and never retried: the next one is
// tried on its own date. An admin books a failed occurrence by hand if
// wanted (payableEvent/costEventForExternalPurchase/create).
//
// Changes: amounts, VAT, description, type, budget and end date apply to
// bookings still to come; frequency and start date change only before the
// first occurrence was handled. Deleting THIS_ONLY cancels one occurrence
// (ahead of time too); THIS_AND_FOLLOWING ends the recurrence the day
// before the date (from its start: the recurrence is removed). Bookings
// already made stay: the ledger is append-only; refund them if needed.

// RunResult counts what a run of the recurring-expenses job did.
type RunResult struct {
	Booked  int
	Failed  int
	Skipped int // cancelled ahead of time, or handled already
}

func parseDay(s string) (time.Time, error) {
	return time.ParseInLocation(clock.DateLayout, s, time.UTC)
}

func dayString(t time.Time) string { return t.Format(clock.DateLayout) }

// occurrenceN is the n-th occurrence (0 = the start).
func occurrenceN(start time.Time, frequency string, n int) time.Time {
	months := n
	if frequency == FrequencyYear {
		months = 12 * n
	}
	first := time.Date(start.Year(), start.Month()+time.Month(months), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	d := start.Day()
	if d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, 0, 0, 0, 0, time.UTC)
}

// firstOnOrAfter is the first occurrence on or after day.
func firstOnOrAfter(start time.Time, frequency string, day time.Time) time.Time {
	if !day.After(start) {
		return start
	}
	n := (day.Year()-start.Year())*12 + int(day.Month()) - int(start.Month())
	if frequency == FrequencyYear {
		n = day.Year() - start.Year()
	}
	if n < 0 {
		n = 0
	}
	for n > 0 && !occurrenceN(start, frequency, n-1).Before(day) {
		n--
	}
	for occurrenceN(start, frequency, n).Before(day) {
		n++
	}
	return occurrenceN(start, frequency, n)
}

// schedule is a recurrence's dates.
type schedule struct {
	start     time.Time
	end       *time.Time
	frequency string
}

func scheduleOf(r *recurringRow) schedule {
	s := schedule{frequency: r.Frequency}
	s.start, _ = parseDay(r.StartDate)
	if r.EndDate != nil {
		if e, err := parseDay(*r.EndDate); err == nil {
			s.end = &e
		}
	}
	return s
}

// from is the first occurrence on or after day within the end date, or nil.
func (s schedule) from(day time.Time) *string {
	o := firstOnOrAfter(s.start, s.frequency, day)
	if s.end != nil && o.After(*s.end) {
		return nil
	}
	d := dayString(o)
	return &d
}

// after is the first occurrence after day, or nil.
func (s schedule) after(day string) *string {
	d, err := parseDay(day)
	if err != nil {
		return nil
	}
	return s.from(d.AddDate(0, 0, 1))
}

// isOccurrence tells whether day is one of the dates.
func (s schedule) isOccurrence(day string) bool {
	d, err := parseDay(day)
	if err != nil {
		return false
	}
	o := s.from(d)
	return o != nil && *o == day
}

func mobilityModeOf(purchaseType string) string {
	for _, t := range recurringTypes {
		if t.value == purchaseType {
			return t.mode
		}
	}
	return DefaultMobilityMode
}

func typeValues() []string {
	out := make([]string, len(recurringTypes))
	for i, t := range recurringTypes {
		out[i] = t.value
	}
	return out
}

// Types lists the recurring external purchase types.
func (s *Service) Types(ctx context.Context) []RecurringType {
	lang := i18n.FromContext(ctx)
	out := make([]RecurringType, len(recurringTypes))
	for i, t := range recurringTypes {
		out[i] = RecurringType{Value: t.value, Label: i18n.T(lang, "recurringType."+t.value), MobilityMode: t.mode}
	}
	return out
}

func (s *Service) toRecurring(ctx context.Context, r *recurringRow) (*Recurring, error) {
	occ, err := s.store.occurrences(ctx, r.ID)
	if err != nil {
		return nil, internal(err)
	}
	out := &Recurring{OspID: r.OspID, UserOspID: r.UserOspID, UserFullName: user.FullName(r.Firstname, r.Lastname, r.Email),
		BudgetOspID: r.BudgetOspID, BudgetType: r.BudgetType, Type: r.PurchaseType, MobilityMode: mobilityModeOf(r.PurchaseType),
		Amount: r.Amount, VatPercentage: vatPercent(r.VatBasisPoints), Description: r.Description, Frequency: r.Frequency,
		StartDate: r.StartDate, EndDate: r.EndDate, NextOccurrence: r.NextDate, Deleted: r.DeletedAt != nil,
		CreatedOn: r.CreatedAt.Format(time.RFC3339), Occurrences: make([]Occurrence, len(occ))}
	if r.DeletedAt != nil {
		out.NextOccurrence = nil
	}
	for i, o := range occ {
		out.Occurrences[i] = Occurrence{Date: o.Date, Outcome: o.Outcome, EventOspID: o.ExpenseOsp, ErrorLabel: o.ErrorLabel}
	}
	return out, nil
}

func (s *Service) findRecurring(ctx context.Context, p *access.Principal, ospID string, lock, living bool) (*recurringRow, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.recurring(ctx, p.Scope, ospID, lock)
	if database.IsNoRows(err) || (err == nil && living && r.DeletedAt != nil) {
		return nil, notFound(ctx, "recurring")
	}
	if err != nil {
		return nil, internal(err)
	}
	return r, s.withNames(ctx, r)
}

// withNames fills the owner's names, the budget's ids and its company
// into recurrences from the owners' read models, one batch each. The rows
// were reached within the caller's scope (or by the runner), so the reads
// use the system scope.
func (s *Service) withNames(ctx context.Context, rows ...*recurringRow) error {
	if len(rows) == 0 {
		return nil
	}
	var budgetIDs, userIDs []int64
	for _, r := range rows {
		budgetIDs = append(budgetIDs, r.BudgetID)
		userIDs = append(userIDs, r.UserID)
	}
	budgets, err := s.budgets.Refs(ctx, access.SystemScope(), budgetIDs)
	if err != nil {
		return err
	}
	users, err := s.users.Displays(ctx, access.SystemScope(), userIDs)
	if err != nil {
		return err
	}
	for _, r := range rows {
		b, u := budgets[r.BudgetID], users[r.UserID]
		r.BudgetOspID, r.BudgetType, r.CorporateAccountID = b.OspID, b.BudgetType, b.CompanyID
		r.UserOspID, r.Firstname, r.Lastname, r.Email = u.OspID, u.Firstname, u.Lastname, u.Email
	}
	return nil
}

// GetRecurring returns one recurring external purchase (removed ones too,
// flagged deleted, for their history).
func (s *Service) GetRecurring(ctx context.Context, p *access.Principal, ospID string) (*Recurring, error) {
	r, err := s.findRecurring(ctx, p, ospID, false, false)
	if err != nil {
		return nil, err
	}
	return s.toRecurring(ctx, r)
}

// RecurringByUser lists a user's recurring external purchases (not removed).
func (s *Service) RecurringByUser(ctx context.Context, p *access.Principal, userOspID string) ([]Recurring, error) {
	v := validate.New(ctx)
	v.Required("userOspId", userOspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	u, err := s.users.Resolve(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.recurringByUser(ctx, u.ID)
	if err != nil {
		return nil, internal(err)
	}
	ptrs := make([]*recurringRow, len(rows))
	for i := range rows {
		ptrs[i] = &rows[i]
	}
	if err := s.withNames(ctx, ptrs...); err != nil {
		return nil, err
	}
	out := make([]Recurring, 0, len(rows))
	for i := range rows {
		r, err := s.toRecurring(ctx, &rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, nil
}

// checkWrite validates the fields given; creating, the required ones must be.
func (s *Service) checkWrite(ctx context.Context, w RecurringWrite, creating bool) (*validate.Checker, int64) {
	v := validate.New(ctx)
	if creating {
		v.Required("budgetOspId", w.BudgetOspID)
		v.Required("type", w.Type)
		v.Required("frequency", w.Frequency)
		if w.VatPercentage == nil {
			zero := 0.0
			w.VatPercentage = &zero
		}
	}
	if w.Type != "" {
		v.OneOf("type", w.Type, typeValues())
	}
	if v.AmountInBounds("amount", w.Amount) && (w.Amount < 0 || (creating && w.Amount == 0)) {
		v.Fail("amount", "rule.positive")
	}
	var bp int64
	if w.VatPercentage != nil {
		var ok bool
		if bp, ok = vatBasisPoints(*w.VatPercentage); !ok {
			v.Fail("vatPercentage", "rule.vatPercentage")
		}
	}
	desc := strings.TrimSpace(w.Description)
	if creating {
		checkText(v, "description", desc, true)
	} else {
		checkText(v, "description", desc, false)
	}
	if w.Frequency != "" {
		v.OneOf("frequency", w.Frequency, []string{FrequencyMonth, FrequencyYear})
	}
	if creating || w.StartDate != "" {
		if v.Required("startDate", w.StartDate) {
			v.PlanDate("startDate", w.StartDate, s.today()) // at most 5 years ahead
		}
	}
	if w.EndDate != nil && *w.EndDate != "" {
		v.PlanDate("endDate", *w.EndDate, s.today())
	}
	return v, bp
}

// CreateRecurring opens a recurring external purchase on a user's budget.
// The start date is today or later; the jobs runner books its occurrences.
func (s *Service) CreateRecurring(ctx context.Context, p *access.Principal, req RecurringCreateRequest) (*Recurring, error) {
	v, bp := s.checkWrite(ctx, req.RecurringWrite, true)
	v.Required("userOspId", req.UserOspID)
	if !v.Has("startDate") && req.StartDate < s.today() {
		v.Fail("startDate", "rule.date.future")
	}
	end := endDate(req.EndDate)
	if end != nil && !v.Has("startDate") && !v.Has("endDate") && *end < req.StartDate {
		v.Fail("endDate", "rule.endBeforeStart")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	u, b, err := s.userBudget(ctx, p, req.UserOspID, req.BudgetOspID)
	if err != nil {
		return nil, err
	}
	r := &recurringRow{OspID: uuid.NewString(), UserID: u.ID, BudgetID: b.ID, PurchaseType: req.Type, Amount: req.Amount.Cents(),
		VatBasisPoints: bp, Description: strings.TrimSpace(req.Description), Frequency: req.Frequency, StartDate: req.StartDate,
		EndDate: end, CreatedBy: &p.UserID, CreatedAt: s.now()}
	r.NextDate = scheduleOf(r).from(scheduleOf(r).start)
	if err := s.store.insertRecurring(ctx, r); err != nil {
		return nil, internal(err)
	}
	return s.GetRecurring(ctx, p, r.OspID)
}

func endDate(e *string) *string {
	if e == nil || strings.TrimSpace(*e) == "" {
		return nil
	}
	d := strings.TrimSpace(*e)
	return &d
}

// UpdateRecurring changes a recurring external purchase for the bookings
// still to come.
func (s *Service) UpdateRecurring(ctx context.Context, p *access.Principal, req RecurringUpdateRequest) (*Recurring, error) {
	v, bp := s.checkWrite(ctx, req.RecurringWrite, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.findRecurring(ctx, p, req.OspID, true, true)
		if err != nil {
			return err
		}
		if req.BudgetOspID != "" && req.BudgetOspID != r.BudgetOspID {
			_, b, err := s.userBudget(ctx, p, r.UserOspID, req.BudgetOspID)
			if err != nil {
				return err
			}
			r.BudgetID = b.ID
		}
		if req.Type != "" {
			r.PurchaseType = req.Type
		}
		if req.Amount > 0 {
			r.Amount = req.Amount.Cents()
		}
		if req.VatPercentage != nil {
			r.VatBasisPoints = bp
		}
		if d := strings.TrimSpace(req.Description); d != "" {
			r.Description = d
		}
		rescheduled := (req.Frequency != "" && req.Frequency != r.Frequency) || (req.StartDate != "" && req.StartDate != r.StartDate)
		if rescheduled {
			n, err := s.store.handledCount(ctx, r.ID)
			if err != nil {
				return err
			}
			if n > 0 {
				return apperr.Conflict(LabelRecurrenceStarted, text(ctx, "money.error.recurrenceStarted"))
			}
			if req.StartDate != "" && req.StartDate < s.today() {
				v.Fail("startDate", "rule.date.future")
				return v.Err()
			}
			if req.Frequency != "" {
				r.Frequency = req.Frequency
			}
			if req.StartDate != "" {
				r.StartDate = req.StartDate
			}
			if err := s.store.dropCancelled(ctx, r.ID); err != nil {
				return err
			}
		}
		oldEnd := r.EndDate
		if req.EndDate != nil {
			r.EndDate = endDate(req.EndDate)
		}
		if r.EndDate != nil && *r.EndDate < r.StartDate {
			v.Fail("endDate", "rule.endBeforeStart")
			return v.Err()
		}
		sch := scheduleOf(r)
		switch {
		case rescheduled:
			r.NextDate = sch.from(sch.start)
		case r.NextDate != nil:
			if r.EndDate != nil && *r.NextDate > *r.EndDate {
				r.NextDate = nil
			}
		case oldEnd != nil && (r.EndDate == nil || *r.EndDate > *oldEnd):
			// an ended recurrence extended: it goes on from today, missed
			// dates between the old end and today are not booked
			today, _ := parseDay(s.today())
			old, _ := parseDay(*oldEnd)
			from := old.AddDate(0, 0, 1)
			if today.After(from) {
				from = today
			}
			r.NextDate = sch.from(from)
		}
		return s.store.updateRecurring(ctx, r, s.now())
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.GetRecurring(ctx, p, req.OspID)
}

// DeleteRecurring removes one occurrence (THIS_ONLY) or the occurrences
// from date on (THIS_AND_FOLLOWING). Bookings already made stay.
func (s *Service) DeleteRecurring(ctx context.Context, p *access.Principal, req RecurringDeleteRequest) (*Recurring, error) {
	v := validate.New(ctx)
	v.Required("ospId", req.OspID)
	v.OneOf("mode", req.Mode, []string{DeleteThisOnly, DeleteThisAndFollowing})
	if v.Required("date", req.Date) {
		v.Date("date", req.Date)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.findRecurring(ctx, p, req.OspID, true, true)
		if err != nil {
			return err
		}
		sch := scheduleOf(r)
		now := s.now()
		if req.Mode == DeleteThisOnly {
			if !sch.isOccurrence(req.Date) {
				v.Fail("date", "rule.notOccurrence")
				return v.Err()
			}
			o, err := s.store.occurrence(ctx, r.ID, req.Date)
			switch {
			case database.IsNoRows(err):
				if _, err := s.store.claimOccurrence(ctx, r.ID, req.Date, OutcomeCancelled, nil, "", now); err != nil {
					return err
				}
			case err != nil:
				return err
			case o.Outcome == OutcomeBooked:
				return apperr.Conflict(LabelOccurrenceBooked, text(ctx, "money.error.occurrenceBooked"))
			case o.Outcome == OutcomeFailed:
				if err := s.store.setOccurrence(ctx, r.ID, req.Date, OutcomeCancelled, nil, o.ErrorLabel); err != nil {
					return err
				}
			}
			if r.NextDate != nil && *r.NextDate == req.Date {
				return s.store.setNextDate(ctx, r.ID, sch.after(req.Date))
			}
			return nil
		}
		if req.Date <= r.StartDate {
			r.DeletedAt, r.NextDate = &now, nil
		} else {
			d, _ := parseDay(req.Date)
			last := dayString(d.AddDate(0, 0, -1))
			if r.EndDate == nil || last < *r.EndDate {
				r.EndDate = &last
			}
			if r.NextDate != nil && *r.NextDate > *r.EndDate {
				r.NextDate = nil
			}
		}
		return s.store.updateRecurring(ctx, r, now)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.GetRecurring(ctx, p, req.OspID)
}

// runBatch is how many recurrences one query of the job lists.
const runBatch = 200

// RunRecurring books every occurrence due on or before day (yyyy-MM-dd)
// that was not handled yet: the "recurring-expenses" job.
func (s *Service) RunRecurring(ctx context.Context, day string) (RunResult, error) {
	var res RunResult
	if _, err := parseDay(day); err != nil {
		return res, fmt.Errorf("day %q is not yyyy-MM-dd", day)
	}
	var after int64
	for {
		ids, err := s.store.due(ctx, day, after, runBatch)
		if err != nil {
			return res, err
		}
		if len(ids) == 0 {
			return res, nil
		}
		after = ids[len(ids)-1]
		for _, id := range ids {
			for {
				done, err := s.runNext(ctx, id, day, &res)
				if err != nil {
					return res, fmt.Errorf("recurring expense %d: %w", id, err)
				}
				if done {
					break
				}
			}
		}
	}
}

// refusal is an occurrence the budget refused.
type refusal struct {
	date, label string
	next        *string
}

// runNext handles the recurrence's next occurrence if it is due on day, in
// one transaction; done says there is nothing more to do for day.
func (s *Service) runNext(ctx context.Context, id int64, day string, res *RunResult) (done bool, err error) {
	var refused *refusal
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.recurringByID(ctx, id, true)
		if err != nil {
			return err
		}
		if err := s.withNames(ctx, r); err != nil {
			return err
		}
		if r.DeletedAt != nil || r.NextDate == nil || *r.NextDate > day {
			done = true
			return nil
		}
		date := *r.NextDate
		next := scheduleOf(r).after(date)
		now := s.now()
		fresh, err := s.store.claimOccurrence(ctx, r.ID, date, OutcomeBooked, nil, "", now)
		if err != nil {
			return err
		}
		if !fresh { // cancelled ahead of time, or handled already
			res.Skipped++
			return s.store.setNextDate(ctx, r.ID, next)
		}
		key := date
		e := &expenseRow{BudgetID: r.BudgetID, UserID: r.UserID, CorporateAccountID: r.CorporateAccountID, Amount: r.Amount,
			VatBasisPoints: r.VatBasisPoints, Description: r.Description, ExpenseDate: date, MobilityMode: mobilityModeOf(r.PurchaseType),
			RecurrenceID: &r.ID, PeriodKey: &key}
		// the runner acts for no signed-in user: the recurrence was scoped when it was made
		if _, err := s.book(ctx, access.SystemScope(), e); err != nil {
			if ae := apperr.As(err); ae != nil && ae.Kind == apperr.KindConflict {
				refused = &refusal{date: date, label: ae.Label, next: next}
			}
			return err // rolls the claim and the expense back
		}
		if err := s.store.setOccurrence(ctx, r.ID, date, OutcomeBooked, &e.ID, ""); err != nil {
			return err
		}
		res.Booked++
		return s.store.setNextDate(ctx, r.ID, next)
	})
	if refused == nil {
		return done, err
	}
	// record the refusal in a transaction of its own; it is not retried
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.recurringByID(ctx, id, true)
		if err != nil {
			return err
		}
		if err := s.withNames(ctx, r); err != nil {
			return err
		}
		if r.NextDate == nil || *r.NextDate != refused.date {
			return nil // moved on meanwhile
		}
		fresh, err := s.store.claimOccurrence(ctx, id, refused.date, OutcomeFailed, nil, refused.label, s.now())
		if err != nil {
			return err
		}
		if fresh {
			res.Failed++
		}
		return s.store.setNextDate(ctx, id, refused.next)
	})
	return false, err
}
