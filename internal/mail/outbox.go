// Package mail sends every mail through the outbox table: a service
// enqueues a rendered mail in its own transaction, and a sender delivers it
// by SMTP when one is configured, or logs it and keeps it (status "kept")
// so a demo shows what would have been sent.
package mail

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"strings"
	"text/template"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
)

//go:embed templates
var templateFS embed.FS

var templates = template.Must(template.ParseFS(templateFS, "templates/*/*.txt"))

// Message is one mail to send, rendered from template Name in Lang, with
// the files it carries (an invoice's PDF).
type Message struct {
	To          string
	Name        string // template name, e.g. "reset_password"
	Lang        i18n.Lang
	Data        any
	Attachments []Attachment
}

// Attachment is a file sent with a mail (mail_attachments), stored with
// the mail so the sender needs nothing else to deliver it.
type Attachment struct {
	Filename    string `db:"filename"`
	ContentType string `db:"content_type"`
	Content     []byte `db:"content"`
}

// Outbox enqueues mails.
type Outbox struct {
	db    *database.DB
	clock clock.Clock
}

func NewOutbox(db *database.DB, c clock.Clock) *Outbox { return &Outbox{db: db, clock: c} }

// Render returns the subject (the template's first line, after
// "Subject: ") and the body.
func Render(m Message) (subject, body string, err error) {
	lang := m.Lang
	if !i18n.IsSupported(string(lang)) {
		lang = i18n.Default
	}
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, string(lang)+"/"+m.Name+".txt", m.Data); err != nil {
		return "", "", fmt.Errorf("render mail %s/%s: %w", lang, m.Name, err)
	}
	first, rest, _ := strings.Cut(buf.String(), "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "Subject:")), strings.TrimLeft(rest, "\n"), nil
}

// Enqueue renders m and stores it in the outbox, in the transaction of ctx
// if there is one, so a mail exists only if the change that caused it does.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	subject, body, err := Render(m)
	if err != nil {
		return err
	}
	// the mail and its files are stored together, or not at all
	return o.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := o.insert(ctx, m, subject, body, database.Now(o.clock.Now()))
		if err != nil {
			return err
		}
		return o.insertAttachments(ctx, id, m.Attachments)
	})
}

// Mail is a stored outbox row.
type Mail struct {
	ID        int64      `db:"id"`
	To        string     `db:"to_address"`
	Subject   string     `db:"subject"`
	Body      string     `db:"body"`
	Template  string     `db:"template"`
	Language  string     `db:"language"`
	Status    string     `db:"status"`
	Attempts  int        `db:"attempts"`
	LastError string     `db:"last_error"`
	CreatedAt time.Time  `db:"created_at"`
	SentAt    *time.Time `db:"sent_at"`
	// Attachments are the mail's files in their order.
	Attachments []Attachment `db:"-"`
}

// List returns the outbox rows to an address, newest last, with their
// attachments (tests, tools).
func (o *Outbox) List(ctx context.Context, to string) ([]Mail, error) {
	mails, err := o.to(ctx, to)
	if err != nil {
		return nil, err
	}
	return mails, o.withAttachments(ctx, mails)
}

// withAttachments fills each mail's Attachments, one query per 500 mails.
func (o *Outbox) withAttachments(ctx context.Context, mails []Mail) error {
	ids := make([]int64, len(mails))
	for i, m := range mails {
		ids[i] = m.ID
	}
	files, err := o.attachments(ctx, ids)
	if err != nil {
		return err
	}
	for i := range mails {
		mails[i].Attachments = files[mails[i].ID]
	}
	return nil
}
