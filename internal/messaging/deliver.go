package messaging

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/user"
)

// errLeaseLost: another process moved the message on (its lease ran out
// here); this process stops delivering it.
var errLeaseLost = errors.New("message lease lost")

// Kick wakes the delivery loop (a message was queued).
func (s *Service) Kick() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// Run delivers queued messages and sends pending pushes every interval,
// and at once when a message is queued, until ctx ends. Several portal
// processes may run it: a message is claimed with a conditional UPDATE
// and each batch moves its cursor with a compare-and-set.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.DeliverPending(ctx); err != nil && ctx.Err() == nil {
			slog.Error("message delivery", "err", err)
		}
		if _, err := s.FlushPushes(ctx); err != nil && ctx.Err() == nil {
			slog.Error("message pushes", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.kick:
		}
	}
}

// DeliverPending delivers every message not yet SENT that no other
// process holds; it answers how many it finished.
func (s *Service) DeliverPending(ctx context.Context) (int, error) {
	done := 0
	for {
		ids, err := s.store.undelivered(ctx, s.owner, database.Now(s.clock.Now()), 100)
		if err != nil {
			return done, apperr.Internal(err)
		}
		progressed := false
		for _, id := range ids {
			finished, err := s.deliver(ctx, id)
			if err != nil {
				return done, err
			}
			if finished {
				done++
				progressed = true
			}
		}
		if !progressed || len(ids) < 100 {
			return done, nil
		}
	}
}

// Deliver delivers one message to its remaining recipients.
func (s *Service) Deliver(ctx context.Context, id int64) error {
	_, err := s.deliver(ctx, id)
	return err
}

// deliver claims the message and writes its inbox rows batch by batch:
// each batch is the next recipients by user id after the cursor; their
// inbox rows (and pushes), the new cursor and the delivered count are
// written in one transaction, so a crash between batches loses nothing
// and repeats nothing (and the inbox's primary key holds each recipient
// to one row whatever happens). finished: the message is SENT.
func (s *Service) deliver(ctx context.Context, id int64) (bool, error) {
	now := database.Now(s.clock.Now())
	claimed, err := s.store.claim(ctx, id, s.owner, now, now.Add(s.lease))
	if err != nil {
		return false, apperr.Internal(err)
	}
	if !claimed {
		return false, nil // SENT already, or another process holds it
	}
	m, err := s.store.message(ctx, id)
	if err != nil {
		return false, apperr.Internal(err)
	}
	sel, err := s.selectionOf(ctx, m)
	if err != nil {
		return false, err
	}
	cursor := m.CursorUserID
	for batches := 1; ; batches++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		ids, err := s.users.MessageRecipientIDs(ctx, m.CorporateAccountID, sel, cursor, s.batch)
		if err != nil {
			return false, err
		}
		if len(ids) == 0 {
			if err := s.store.finish(ctx, id, s.owner, database.Now(s.clock.Now())); err != nil {
				return false, apperr.Internal(err)
			}
			return true, nil
		}
		next := ids[len(ids)-1]
		err = s.db.WithTx(ctx, func(ctx context.Context) error {
			now := database.Now(s.clock.Now())
			n, err := s.store.insertInbox(ctx, id, ids, now)
			if err != nil {
				return err
			}
			if m.Push {
				if err := s.store.insertPushes(ctx, id, ids, now); err != nil {
					return err
				}
			}
			ok, err := s.store.advance(ctx, id, s.owner, cursor, next, n, now.Add(s.lease))
			if err != nil {
				return err
			}
			if !ok {
				return errLeaseLost
			}
			return nil
		})
		if errors.Is(err, errLeaseLost) {
			slog.Warn("message taken over by another process", "message", m.OspID)
			return false, nil
		}
		if err != nil {
			return false, apperr.Wrap(err)
		}
		cursor = next
		if s.afterBatch != nil {
			if err := s.afterBatch(batches); err != nil {
				return false, err
			}
		}
	}
}

// selectionOf rebuilds a stored message's recipient selection.
func (s *Service) selectionOf(ctx context.Context, m *messageRow) (user.RecipientSelection, error) {
	sel := user.RecipientSelection{All: m.TargetAll}
	if m.TargetAll {
		return sel, nil
	}
	targets, err := s.store.targets(ctx, []int64{m.ID})
	if err != nil {
		return sel, apperr.Internal(err)
	}
	for _, t := range targets {
		if t.Type == "GROUP" {
			sel.GroupIDs = append(sel.GroupIDs, t.ID)
		} else {
			sel.UserIDs = append(sel.UserIDs, t.ID)
		}
	}
	return sel, nil
}

// FlushPushes sends the pending pushes, a thousand at a time: each is
// claimed (a conditional UPDATE, so one process sends it), then sent by
// the push sender, or kept and logged when none is configured. It answers
// how many it handled.
func (s *Service) FlushPushes(ctx context.Context) (int, error) {
	handled := 0
	for {
		pending, err := s.store.pendingPushes(ctx, 1000)
		if err != nil || len(pending) == 0 {
			return handled, apperr.Wrap(err)
		}
		ids := make([]int64, len(pending))
		for i, p := range pending {
			ids[i] = p.ID
		}
		claimed, err := s.store.claimPushes(ctx, ids)
		if err != nil {
			return handled, apperr.Internal(err)
		}
		mine := map[int64]bool{}
		for _, id := range claimed {
			mine[id] = true
		}
		now := database.Now(s.clock.Now())
		if s.push == nil {
			if err := s.store.settlePushes(ctx, claimed, "kept", "", &now); err != nil {
				return handled, apperr.Internal(err)
			}
			if len(claimed) > 0 {
				// one line per batch: a message to 100,000 users must not log 100,000 lines
				slog.Info("pushes kept (no push sender configured)", "count", len(claimed), "message", pending[0].MessageID,
					"title", pending[0].Title)
			}
			handled += len(claimed)
			continue
		}
		var sent, failed, retry []int64
		for _, p := range pending {
			if !mine[p.ID] {
				continue
			}
			err := s.push.Send(ctx, Push{MessageID: p.MessageID, UserID: p.UserID, Title: p.Title, Body: p.Body})
			switch {
			case err == nil:
				sent = append(sent, p.ID)
			case p.Attempts+1 >= 5:
				failed = append(failed, p.ID)
			default:
				retry = append(retry, p.ID)
			}
		}
		for _, set := range []struct {
			ids    []int64
			status string
			at     *time.Time
		}{{sent, "sent", &now}, {failed, "failed", nil}, {retry, "pending", nil}} {
			if err := s.store.settlePushes(ctx, set.ids, set.status, "", set.at); err != nil {
				return handled, apperr.Internal(err)
			}
		}
		handled += len(claimed)
		if len(retry) > 0 {
			return handled, nil // try those again on the next round
		}
	}
}
