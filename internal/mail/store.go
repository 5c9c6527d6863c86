package mail

import (
	"context"
	"time"
)

// The mail_outbox table.

func (o *Outbox) insert(ctx context.Context, m Message, subject, body string, now time.Time) error {
	_, err := o.db.Insert(ctx, `INSERT INTO mail_outbox (to_address, subject, body, template, language, status, created_at)
		VALUES (?, ?, ?, ?, ?, 'pending', ?) RETURNING id`, m.To, subject, body, m.Name, string(m.Lang), now)
	return err
}

func (o *Outbox) to(ctx context.Context, address string) ([]Mail, error) {
	var out []Mail
	err := o.db.Select(ctx, &out, `SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id`, address)
	return out, err
}

func (o *Outbox) pending(ctx context.Context, limit int) ([]Mail, error) {
	var out []Mail
	err := o.db.Select(ctx, &out, `SELECT * FROM mail_outbox WHERE status = 'pending' ORDER BY id LIMIT ?`, limit)
	return out, err
}

// claim marks a pending mail as being sent; false when another process
// claimed it first.
func (o *Outbox) claim(ctx context.Context, id int64) (bool, error) {
	n, err := o.db.Exec(ctx, `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1 WHERE id = ? AND status = 'pending'`, id)
	return n == 1, err
}

func (o *Outbox) settle(ctx context.Context, id int64, status, lastErr string, sentAt any) error {
	_, err := o.db.Exec(ctx, `UPDATE mail_outbox SET status = ?, last_error = ?, sent_at = ? WHERE id = ?`, status, lastErr, sentAt, id)
	return err
}
