package messaging

import (
	"context"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// channelRow is a message_channels row.
type channelRow struct {
	ID                 int64      `db:"id"`
	OspID              string     `db:"osp_id"`
	CorporateAccountID *int64     `db:"corporate_account_id"`
	Name               string     `db:"name"`
	RecipientAdminID   *int64     `db:"recipient_admin_id"`
	AllowReply         bool       `db:"allow_reply"`
	ShowInApp          bool       `db:"show_in_app"`
	ArchivedAt         *time.Time `db:"archived_at"`
	CreatedAt          time.Time  `db:"created_at"`
	MessageCount       int        `db:"message_count"`
}

const channelCols = `c.id, c.osp_id, c.corporate_account_id, c.name, c.recipient_admin_id, c.allow_reply, c.show_in_app,
	c.archived_at, c.created_at, (SELECT COUNT(*) FROM messages m WHERE m.channel_id = c.id) AS message_count`

// channelScope: a company's channels within the caller's companies; the
// platform's (no company) for platform staff only.
func channelScope(scope access.Scope) (string, []any) {
	cond, args := scope.InCompanies("c.corporate_account_id")
	if scope.All {
		return "1=1", nil
	}
	return "c.corporate_account_id IS NOT NULL AND " + cond, args
}

// channel finds a live (not archived) channel by ospId within scope.
func (s *store) channel(ctx context.Context, scope access.Scope, ospID string) (*channelRow, error) {
	cond, args := channelScope(scope)
	var r channelRow
	err := s.db.Get(ctx, &r, `SELECT `+channelCols+` FROM message_channels c WHERE c.osp_id = ? AND c.archived_at IS NULL AND `+cond,
		append([]any{ospID}, args...)...)
	return &r, err
}

// lockChannel takes the channel's row lock for the rest of the transaction
// (PostgreSQL; SQLite's writers are serialised already).
func (s *store) lockChannel(ctx context.Context, id int64) error {
	return s.db.LockRow(ctx, "message_channels", "id", id)
}

// channels lists a company's live channels, or the platform's (companyID nil).
func (s *store) channels(ctx context.Context, companyID *int64) ([]channelRow, error) {
	var out []channelRow
	var err error
	if companyID == nil {
		err = s.db.Select(ctx, &out, `SELECT `+channelCols+` FROM message_channels c WHERE c.corporate_account_id IS NULL
			AND c.archived_at IS NULL ORDER BY c.name, c.id LIMIT 1000`)
	} else {
		err = s.db.Select(ctx, &out, `SELECT `+channelCols+` FROM message_channels c WHERE c.corporate_account_id = ?
			AND c.archived_at IS NULL ORDER BY c.name, c.id LIMIT 1000`, *companyID)
	}
	return out, err
}

func (s *store) insertChannel(ctx context.Context, r *channelRow, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO message_channels (osp_id, corporate_account_id, name, recipient_admin_id, allow_reply,
		show_in_app, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.CorporateAccountID, r.Name, r.RecipientAdminID, r.AllowReply, r.ShowInApp, now, now)
}

func (s *store) updateChannel(ctx context.Context, r *channelRow, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE message_channels SET name = ?, recipient_admin_id = ?, allow_reply = ?, show_in_app = ?,
		updated_at = ? WHERE id = ? AND archived_at IS NULL`, r.Name, r.RecipientAdminID, r.AllowReply, r.ShowInApp, now, r.ID)
	return err
}

// archiveChannel: delete keeps the channel (its messages' history) out of
// sight.
func (s *store) archiveChannel(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE message_channels SET archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`, now, now, id)
	return err
}

// messageRow is a messages row.
type messageRow struct {
	ID                 int64      `db:"id"`
	OspID              string     `db:"osp_id"`
	ChannelID          int64      `db:"channel_id"`
	ChannelOspID       string     `db:"channel_osp_id"`
	CorporateAccountID int64      `db:"corporate_account_id"`
	Title              string     `db:"title"`
	Body               string     `db:"body"`
	HomeScreenUntil    *string    `db:"home_screen_until"`
	Push               bool       `db:"push"`
	SentBy             *int64     `db:"sent_by"`
	TargetAll          bool       `db:"target_all"`
	RecipientCount     int        `db:"recipient_count"`
	DeliveredCount     int        `db:"delivered_count"`
	Status             string     `db:"status"`
	CursorUserID       int64      `db:"cursor_user_id"`
	LeaseOwner         *string    `db:"lease_owner"`
	LeaseUntil         *time.Time `db:"lease_until"`
	CreatedAt          time.Time  `db:"created_at"`
	SentAt             *time.Time `db:"sent_at"`
}

const messageCols = `m.id, m.osp_id, m.channel_id, (SELECT c.osp_id FROM message_channels c WHERE c.id = m.channel_id) AS channel_osp_id,
	m.corporate_account_id, m.title, m.body, m.home_screen_until, m.push, m.sent_by, m.target_all, m.recipient_count,
	m.delivered_count, m.status, m.cursor_user_id, m.lease_owner, m.lease_until, m.created_at, m.sent_at`

func (s *store) insertMessage(ctx context.Context, r *messageRow) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO messages (osp_id, channel_id, corporate_account_id, title, body, home_screen_until, push,
		sent_by, target_all, recipient_count, delivered_count, status, cursor_user_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?) RETURNING id`,
		r.OspID, r.ChannelID, r.CorporateAccountID, r.Title, r.Body, r.HomeScreenUntil, r.Push, r.SentBy, r.TargetAll,
		r.RecipientCount, StatusQueued, r.CreatedAt)
}

// target is one message_targets row.
type target struct {
	MessageID int64  `db:"message_id"`
	Type      string `db:"target_type"`
	ID        int64  `db:"target_id"`
}

func (s *store) insertTargets(ctx context.Context, messageID int64, typ string, ids []int64) error {
	for i := 0; i < len(ids); i += 300 {
		part := ids[i:min(i+300, len(ids))]
		args := make([]any, 0, 3*len(part))
		for _, id := range part {
			args = append(args, messageID, typ, id)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO message_targets (message_id, target_type, target_id) VALUES `+
			rows(len(part), "(?, ?, ?)")+` ON CONFLICT DO NOTHING`, args...); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) targets(ctx context.Context, messageIDs []int64) ([]target, error) {
	return database.SelectIn[target](ctx, s.db, messageIDs, func(in string) string {
		return `SELECT message_id, target_type, target_id FROM message_targets WHERE message_id IN (` + in + `)
			ORDER BY message_id, target_type, target_id`
	})
}

// rows is n copies of one VALUES tuple.
func rows(n int, tuple string) string {
	return strings.TrimSuffix(strings.Repeat(tuple+",", n), ",")
}

// message finds a message by id (the worker's; no scope).
func (s *store) message(ctx context.Context, id int64) (*messageRow, error) {
	var r messageRow
	err := s.db.Get(ctx, &r, `SELECT `+messageCols+` FROM messages m WHERE m.id = ?`, id)
	return &r, err
}

// messagesOf pages through a channel's messages, newest first.
func (s *store) messagesOf(ctx context.Context, channelID int64, size, offset int) ([]messageRow, int, error) {
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM messages WHERE channel_id = ?`, channelID); err != nil {
		return nil, 0, err
	}
	var out []messageRow
	err := s.db.Select(ctx, &out, `SELECT `+messageCols+` FROM messages m WHERE m.channel_id = ? ORDER BY m.created_at DESC, m.id DESC
		LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa(offset), channelID)
	return out, total, err
}

// undelivered lists the messages not SENT whose lease is free (or ours),
// oldest first.
func (s *store) undelivered(ctx context.Context, owner string, now time.Time, limit int) ([]int64, error) {
	var out []int64
	err := s.db.Select(ctx, &out, `SELECT id FROM messages WHERE status IN ('QUEUED', 'SENDING')
		AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?) ORDER BY id LIMIT `+strconv.Itoa(limit), now, owner)
	return out, err
}

// claim takes a message's lease until until with a conditional UPDATE: a
// message no other process holds (or holds past its lease), not SENT.
// false: another process has it.
func (s *store) claim(ctx context.Context, id int64, owner string, now, until time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE messages SET lease_owner = ?, lease_until = ?, status = 'SENDING'
		WHERE id = ? AND status IN ('QUEUED', 'SENDING') AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)`,
		owner, until, id, owner, now)
	return n == 1, err
}

// advance moves the cursor from cursor to next, adds delivered and extends
// the lease, only while the lease is still ours and the cursor where we
// read it (a compare-and-set in the batch's transaction). false: another
// process moved on; the batch must be rolled back.
func (s *store) advance(ctx context.Context, id int64, owner string, cursor, next int64, delivered int, until time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE messages SET cursor_user_id = ?, delivered_count = delivered_count + ?, lease_until = ?
		WHERE id = ? AND lease_owner = ? AND cursor_user_id = ? AND status = 'SENDING'`, next, delivered, until, id, owner, cursor)
	return n == 1, err
}

// finish marks a message SENT and frees its lease.
func (s *store) finish(ctx context.Context, id int64, owner string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE messages SET status = 'SENT', sent_at = ?, recipient_count = delivered_count, lease_owner = NULL, lease_until = NULL
		WHERE id = ? AND lease_owner = ?`, now, id, owner)
	return err
}

// release frees a lease (the worker stops early).
func (s *store) release(ctx context.Context, id int64, owner string) error {
	_, err := s.db.Exec(ctx, `UPDATE messages SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`, id, owner)
	return err
}

// insertInbox writes the inbox rows of a batch (a row already there is
// left alone) and answers how many were new.
func (s *store) insertInbox(ctx context.Context, messageID int64, users []int64, now time.Time) (int, error) {
	total := 0
	for i := 0; i < len(users); i += 500 {
		part := users[i:min(i+500, len(users))]
		args := make([]any, 0, 3*len(part))
		for _, u := range part {
			args = append(args, messageID, u, now)
		}
		n, err := s.db.Exec(ctx, `INSERT INTO message_inbox (message_id, user_id, created_at) VALUES `+rows(len(part), "(?, ?, ?)")+
			` ON CONFLICT (message_id, user_id) DO NOTHING`, args...)
		if err != nil {
			return 0, err
		}
		total += int(n)
	}
	return total, nil
}

// insertPushes queues the pushes of a batch.
func (s *store) insertPushes(ctx context.Context, messageID int64, users []int64, now time.Time) error {
	for i := 0; i < len(users); i += 500 {
		part := users[i:min(i+500, len(users))]
		args := make([]any, 0, 3*len(part))
		for _, u := range part {
			args = append(args, messageID, u, now)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO message_push_outbox (message_id, user_id, status, created_at) VALUES `+
			rows(len(part), "(?, ?, 'pending', ?)")+` ON CONFLICT (message_id, user_id) DO NOTHING`, args...); err != nil {
			return err
		}
	}
	return nil
}

// pushRow is a pending push with its message's content.
type pushRow struct {
	ID        int64  `db:"id"`
	MessageID int64  `db:"message_id"`
	UserID    int64  `db:"user_id"`
	Attempts  int    `db:"attempts"`
	Title     string `db:"title"`
	Body      string `db:"body"`
}

func (s *store) pendingPushes(ctx context.Context, limit int) ([]pushRow, error) {
	var out []pushRow
	err := s.db.Select(ctx, &out, `SELECT p.id, p.message_id, p.user_id, p.attempts, m.title, m.body FROM message_push_outbox p
		JOIN messages m ON m.id = p.message_id WHERE p.status = 'pending' ORDER BY p.id LIMIT `+strconv.Itoa(limit))
	return out, err
}

// settlePushes sets the status of claimed pushes.
func (s *store) settlePushes(ctx context.Context, ids []int64, status, lastErr string, sentAt *time.Time) error {
	for i := 0; i < len(ids); i += 500 {
		part := ids[i:min(i+500, len(ids))]
		args := []any{status, lastErr, sentAt}
		for _, id := range part {
			args = append(args, id)
		}
		if _, err := s.db.Exec(ctx, `UPDATE message_push_outbox SET status = ?, last_error = ?, sent_at = ? WHERE id IN (`+
			database.Placeholders(len(part))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}

// claimPushes takes pending pushes by id in one conditional UPDATE and
// answers the ones this process got.
func (s *store) claimPushes(ctx context.Context, ids []int64) ([]int64, error) {
	var got []int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		for i := 0; i < len(ids); i += 500 {
			part := ids[i:min(i+500, len(ids))]
			args := make([]any, len(part))
			for j, id := range part {
				args[j] = id
			}
			var claimed []int64
			if err := s.db.Select(ctx, &claimed, `UPDATE message_push_outbox SET status = 'sending', attempts = attempts + 1
				WHERE status = 'pending' AND id IN (`+database.Placeholders(len(part))+`) RETURNING id`, args...); err != nil {
				return err
			}
			got = append(got, claimed...)
		}
		return nil
	})
	return got, err
}

// platformChannel is the id of the live platform channel (no company)
// named name, the oldest if there are several.
func (s *store) platformChannel(ctx context.Context, name string) (int64, error) {
	var id int64
	err := s.db.Get(ctx, &id, `SELECT id FROM message_channels WHERE corporate_account_id IS NULL AND name = ? AND archived_at IS NULL
		ORDER BY id LIMIT 1`, name)
	return id, err
}

// markSent closes a message delivered in the writer's own transaction.
func (s *store) markSent(ctx context.Context, id int64, delivered int, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE messages SET status = 'SENT', delivered_count = ?, recipient_count = ?, sent_at = ? WHERE id = ?`,
		delivered, delivered, now, id)
	return err
}
