package user

import (
	"context"
	"crypto/rand"
	"math/big"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/validate"
)

// InviteTTL is how long a new user's set-password link works.
const InviteTTL = 7 * 24 * time.Hour

// randomString draws n characters from alphabet with crypto/rand.
func randomString(n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		k, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			panic(err)
		}
		b[i] = alphabet[k.Int64()]
	}
	return string(b)
}

// sendWelcome mails a new user what they need, in their language: app
// users and admins a link to set their password, a contact what they will
// receive. Runs inside the create transaction.
func (s *Service) sendWelcome(ctx context.Context, userID int64, r *row, companyName string) error {
	lang := i18n.Lang(r.Language)
	data := map[string]any{"Name": FullName(r.Firstname, r.Lastname, r.Email), "Login": str(r.Login), "Company": companyName,
		"URL": s.cfg.PublicURL, "AppStoreURL": s.cfg.AppStoreURL, "PlayStoreURL": s.cfg.PlayStoreURL}
	name := ""
	switch r.UserType {
	case TypeMobile, TypeAdmin:
		// A one-time link to choose a password, never a password in a mail;
		// it is also cheap, so an import of 500 users hashes nothing.
		link, err := s.auth.InviteLink(ctx, userID, InviteTTL)
		if err != nil {
			return err
		}
		data["Link"] = link
		name = "credentials_admin"
		if r.UserType == TypeMobile {
			name = "credentials_mobile"
		}
	default:
		labels := make([]string, 0, len(r.ContactTypes))
		for _, ct := range r.ContactTypes {
			labels = append(labels, i18n.T(lang, "contactType."+ct))
		}
		data["ContactTypes"] = labels
		name = "welcome_contact"
	}
	return s.outbox.Enqueue(ctx, mail.Message{To: r.Email, Name: name, Lang: lang, CompanyID: deref(r.CorporateAccountID), Data: data})
}

// Activate switches a user on now, or plans it for the end of the day
// (they are active from tomorrow).
func (s *Service) Activate(ctx context.Context, p *access.Principal, req ActivateRequest) (*User, error) {
	r, err := s.findToChange(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	when := req.When
	if when == "" {
		when = WhenNow
	}
	v.OneOf("when", when, []string{WhenNow, WhenEndOfDay})
	if err := v.Err(); err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if when == WhenNow {
			return s.store.setActive(ctx, r.ID, true, s.now())
		}
		tomorrow := s.dayAfter(s.today())
		return s.store.planActivation(ctx, r.ID, &tomorrow, s.now())
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// Deactivate switches a user off now, at the end of the day, on a chosen
// day, or leaves it to a later manual action (clearing any plan). A
// deactivated user keeps access to their private budget (budgets issue).
func (s *Service) Deactivate(ctx context.Context, p *access.Principal, req DeactivateRequest) (*User, error) {
	r, err := s.findToChange(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	when := req.When
	if when == "" {
		when = WhenNow
	}
	v := validate.New(ctx)
	v.OneOf("when", when, []string{WhenNow, WhenEndOfDay, WhenOnDate, WhenManually})
	if when == WhenOnDate && v.Required("date", req.Date) {
		v.Date("date", req.Date)
		if !v.Has("date") && req.Date < s.today() {
			v.Fail("date", "rule.date.future")
		}
		v.PlanDate("date", req.Date, s.today())
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		switch when {
		case WhenNow:
			if err := s.store.setActive(ctx, r.ID, false, s.now()); err != nil {
				return err
			}
			return s.auth.RevokeSessions(ctx, r.ID)
		case WhenEndOfDay:
			d := s.dayAfter(s.today())
			return s.store.planDeactivation(ctx, r.ID, &d, s.now())
		case WhenOnDate:
			if req.Date == s.today() {
				if err := s.store.setActive(ctx, r.ID, false, s.now()); err != nil {
					return err
				}
				return s.auth.RevokeSessions(ctx, r.ID)
			}
			return s.store.planDeactivation(ctx, r.ID, &req.Date, s.now())
		default: // manually: no plan; an admin deactivates later
			return s.store.planDeactivation(ctx, r.ID, nil, s.now())
		}
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

func (s *Service) dayAfter(day string) string {
	t, _ := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	return t.AddDate(0, 0, 1).Format(clock.DateLayout)
}

// findToChange is findLiving for every call that changes a user or acts on
// them: the caller must also hold every portal role the user holds
// (access.CanActOn), or a user manager could take over a richer admin.
func (s *Service) findToChange(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	r, err := s.findLiving(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if err := mayActOn(ctx, p, r); err != nil {
		return nil, err
	}
	return r, nil
}

// mayActOn answers 403 ADMIN_OUTRANKS_YOU when p may not act on r.
func mayActOn(ctx context.Context, p *access.Principal, r *row) error {
	if access.CanActOn(p, r.Roles) {
		return nil
	}
	return apperr.Forbidden(i18n.T(i18n.FromContext(ctx), "error.ADMIN_OUTRANKS_YOU")).WithLabel(LabelOutranked)
}

// findLiving is find for actions that make no sense on anonymized users.
func (s *Service) findLiving(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	r, err := s.find(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if r.AnonymizedAt != nil {
		return nil, apperr.Conflict(LabelAnonymized, "this user was anonymized")
	}
	return r, nil
}

// ApplyPlans carries out the activations and deactivations due on day
// (the jobs runner's "user-activation" job).
func (s *Service) ApplyPlans(ctx context.Context, day string) (activated, deactivated int64, err error) {
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		activated, deactivated, err = s.store.applyPlans(ctx, day, s.now())
		return err
	})
	return activated, deactivated, err
}

// Unblock lifts a block after too many failed sign-ins.
func (s *Service) Unblock(ctx context.Context, p *access.Principal, ospID string) (*User, error) {
	r, err := s.findToChange(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if err := s.auth.Unblock(ctx, r.ID); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, ospID)
}

// Clear2FA forgets an admin's authenticator: they enrol again.
func (s *Service) Clear2FA(ctx context.Context, p *access.Principal, ospID string) (*User, error) {
	r, err := s.findToChange(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if err := s.auth.ResetTwoFactor(ctx, r.ID); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, ospID)
}

// SendPincode gives an app user a new random pincode by mail.
func (s *Service) SendPincode(ctx context.Context, p *access.Principal, ospID string) error {
	return s.ChangePincode(ctx, p, ChangePincodeRequest{OspID: ospID})
}

// ChangePincode sets an app user's pincode (4 to 6 digits), or a random
// one when none is given, and mails it to them.
func (s *Service) ChangePincode(ctx context.Context, p *access.Principal, req ChangePincodeRequest) error {
	r, err := s.findToChange(ctx, p, req.OspID)
	if err != nil {
		return err
	}
	if r.UserType != TypeMobile {
		return apperr.Conflict(LabelWrongUserType, "only app users have a pincode")
	}
	pin := req.Pincode
	v := validate.New(ctx)
	if pin != "" && !isPincode(pin) {
		v.Fail("pincode", "rule.invalid")
	}
	if err := v.Err(); err != nil {
		return err
	}
	generated := pin == ""
	if generated {
		pin = randomString(6, "0123456789")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.auth.SetPincode(ctx, r.ID, pin); err != nil {
			return err
		}
		data := map[string]any{"Name": FullName(r.Firstname, r.Lastname, r.Email)}
		if generated {
			data["Pincode"] = pin
		}
		return s.outbox.Enqueue(ctx, mail.Message{To: r.Email, Name: "pincode", Lang: i18n.Lang(r.Language), CompanyID: deref(r.CorporateAccountID), Data: data})
	})
	if err != nil {
		return apperr.Internal(err)
	}
	return nil
}

func isPincode(s string) bool {
	if len(s) < 4 || len(s) > 6 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Anonymize replaces a user's personal data for good: irreversible.
// Budgets, expenses and invoices keep pointing at the anonymous user.
func (s *Service) Anonymize(ctx context.Context, p *access.Principal, ospID string) (*User, error) {
	r, err := s.findToChange(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if r.ID == p.UserID {
		return nil, apperr.Conflict(LabelWrongUserType, "you cannot anonymize yourself")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.anonymize(ctx, r.ID, s.now()); err != nil {
			return err
		}
		// sign-in and group membership belong to auth and usergroup
		if err := s.auth.Forget(ctx, r.ID); err != nil {
			return err
		}
		return s.groups.LeaveAll(ctx, r.ID)
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, ospID)
}

func brussels() *time.Location { return clock.Brussels }

// deref is a company id or 0 for none (mail.Message.CompanyID).
func deref(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}
