package mail

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// The mail_outbox table.

func (o *Outbox) insert(ctx context.Context, m Message, r Rendered, now time.Time) (int64, error) {
	ct := "TEXT"
	if r.HTML {
		ct = "HTML"
	}
	return o.db.Insert(ctx, `INSERT INTO mail_outbox (to_address, subject, body, template, language, status, created_at, content_type)
		VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`, m.To, r.Subject, r.Body, m.Name, string(m.Lang), now, ct)
}

// The mail_attachments table.

func (o *Outbox) insertAttachments(ctx context.Context, mailID int64, files []Attachment) error {
	for i, f := range files {
		if _, err := o.db.Exec(ctx, `INSERT INTO mail_attachments (mail_id, position, filename, content_type, content) VALUES (?, ?, ?, ?, ?)`,
			mailID, i+1, f.Filename, f.ContentType, f.Content); err != nil {
			return err
		}
	}
	return nil
}

// attachments reads the files of mails by mail id, in their order.
func (o *Outbox) attachments(ctx context.Context, mailIDs []int64) (map[int64][]Attachment, error) {
	type row struct {
		MailID int64 `db:"mail_id"`
		Attachment
	}
	rows, err := database.SelectIn[row](ctx, o.db, mailIDs, func(in string) string {
		return `SELECT mail_id, filename, content_type, content FROM mail_attachments WHERE mail_id IN (` + in + `) ORDER BY mail_id, position`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]Attachment, len(rows))
	for _, r := range rows {
		out[r.MailID] = append(out[r.MailID], r.Attachment)
	}
	return out, nil
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
