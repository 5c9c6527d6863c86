package messaging

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// Direct is a system message to one app user, written by another domain
// (a season-card order's cancellation, internal/order): no admin composes
// it, so it goes on a platform channel (no company) named Channel, made on
// first use, and lands in the user's inbox in the caller's transaction.
type Direct struct {
	Channel   string
	CompanyID int64
	UserID    int64
	Title     string
	Body      string
}

// SendDirect stores a direct message as SENT with its one inbox row, in
// the transaction of ctx if there is one, so the message exists only if
// the change that caused it does. The caller validated the text; the
// bounds here are the floor under it.
func (s *Service) SendDirect(ctx context.Context, d Direct) error {
	title, body := strings.TrimSpace(d.Title), strings.TrimSpace(d.Body)
	if d.Channel == "" || title == "" || body == "" || d.UserID == 0 || d.CompanyID == 0 ||
		utf8.RuneCountInString(title) > MaxTitle || utf8.RuneCountInString(body) > MaxBody {
		return apperr.Internal(errDirectInvalid)
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		now := database.Now(s.clock.Now())
		chID, err := s.store.platformChannel(ctx, d.Channel)
		if database.IsNoRows(err) {
			chID, err = s.store.insertChannel(ctx, &channelRow{OspID: uuid.NewString(), Name: d.Channel, ShowInApp: true}, now)
		}
		if err != nil {
			return err
		}
		m := messageRow{OspID: uuid.NewString(), ChannelID: chID, CorporateAccountID: d.CompanyID, Title: title, Body: body,
			RecipientCount: 1, CreatedAt: now}
		if m.ID, err = s.store.insertMessage(ctx, &m); err != nil {
			return err
		}
		if err := s.store.insertTargets(ctx, m.ID, "USER", []int64{d.UserID}); err != nil {
			return err
		}
		n, err := s.store.insertInbox(ctx, m.ID, []int64{d.UserID}, now)
		if err != nil {
			return err
		}
		return s.store.markSent(ctx, m.ID, n, now)
	})
	return apperr.Wrap(err)
}

var errDirectInvalid = errors.New("messaging: direct message without channel, recipient or text, or too long")
