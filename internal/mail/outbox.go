// Package mail sends every mail through the outbox table: a service
// enqueues a rendered mail in its own transaction, and a sender delivers it
// by SMTP when one is configured, or logs it and keeps it (status "kept")
// so a demo shows what would have been sent.
package mail

import (
	"context"
	"errors"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
)

// Message is one mail to send, rendered from the template named Name in
// Lang for a recipient of company CompanyID (0: of none), with the files
// it carries (an invoice's PDF).
type Message struct {
	To   string
	Name string // predefined template name, e.g. "reset_password"
	Lang i18n.Lang
	// CompanyID is the recipient's company (0 for none): its template
	// override, or its partner's, is used before the platform's.
	CompanyID   int64
	Data        any
	Attachments []Attachment
}

// Rendered is a mail's subject and body as sent; HTML bodies are sent as
// text/html.
type Rendered struct {
	Subject string
	Body    string
	HTML    bool
}

// Renderer renders a message from the template that applies to its
// recipient on the day (internal/template implements it; mail does not
// import it). It runs in the transaction of ctx, if any.
type Renderer interface {
	Render(ctx context.Context, m Message) (Rendered, error)
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
	db       *database.DB
	clock    clock.Clock
	renderer Renderer
}

func NewOutbox(db *database.DB, c clock.Clock) *Outbox { return &Outbox{db: db, clock: c} }

// UseRenderer sets what renders mails (internal/template, wired by the
// server); an outbox without one refuses to enqueue.
func (o *Outbox) UseRenderer(r Renderer) { o.renderer = r }

// ErrNoRenderer: the outbox was built without a renderer.
var ErrNoRenderer = errors.New("mail: no renderer")

// Enqueue renders m and stores it in the outbox, in the transaction of ctx
// if there is one, so a mail exists only if the change that caused it does.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	if o.renderer == nil {
		return ErrNoRenderer
	}
	// the mail and its files are stored together, or not at all; the
	// stored subject and body are final: a template changed later never
	// changes a mail already queued or sent
	return o.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := o.renderer.Render(ctx, m)
		if err != nil {
			return err
		}
		id, err := o.insert(ctx, m, r, database.Now(o.clock.Now()))
		if err != nil {
			return err
		}
		return o.insertAttachments(ctx, id, m.Attachments)
	})
}

// Mail is a stored outbox row.
type Mail struct {
	ID       int64  `db:"id"`
	To       string `db:"to_address"`
	Subject  string `db:"subject"`
	Body     string `db:"body"`
	Template string `db:"template"`
	Language string `db:"language"`
	// ContentType is TEXT or HTML (the template's).
	ContentType string     `db:"content_type"`
	Status      string     `db:"status"`
	Attempts    int        `db:"attempts"`
	LastError   string     `db:"last_error"`
	CreatedAt   time.Time  `db:"created_at"`
	SentAt      *time.Time `db:"sent_at"`
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
