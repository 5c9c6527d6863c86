package mail

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/smtp"
	"net/textproto"
	"strconv"
	"time"

	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
)

// Sender delivers pending outbox mails. Several portal processes may run
// one each: a mail is claimed by a conditional UPDATE, so only one sends it.
type Sender struct {
	db     *database.DB
	outbox *Outbox
	smtp   config.SMTP
}

func NewSender(db *database.DB, o *Outbox, s config.SMTP) *Sender {
	return &Sender{db: db, outbox: o, smtp: s}
}

const maxAttempts = 5

// Run delivers pending mails every interval until ctx ends.
func (s *Sender) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := s.Flush(ctx); err != nil && ctx.Err() == nil {
			slog.Error("mail sender", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Flush handles every pending mail once.
func (s *Sender) Flush(ctx context.Context) error {
	pending, err := s.outbox.pending(ctx, 100)
	if err != nil {
		return err
	}
	if err := s.outbox.withAttachments(ctx, pending); err != nil {
		return err
	}
	for _, m := range pending {
		claimed, err := s.outbox.claim(ctx, m.ID)
		if err != nil {
			return err
		}
		if !claimed {
			continue // another process claimed it
		}
		status, lastErr := "sent", ""
		if s.smtp.Host == "" {
			// No SMTP server: keep the mail and show it in the log.
			status = "kept"
			slog.Info("mail kept (no SMTP configured)", "to", m.To, "subject", m.Subject, "template", m.Template, "body", m.Body, "attachments", attachmentNames(m))
		} else if err := s.send(m); err != nil {
			lastErr = err.Error()
			status = "pending"
			if m.Attempts+1 >= maxAttempts {
				status = "failed"
			}
			slog.Warn("mail not sent", "to", m.To, "attempt", m.Attempts+1, "err", err)
		}
		var sentAt any
		if status == "sent" || status == "kept" {
			sentAt = database.Now(s.outbox.clock.Now())
		}
		if err := s.outbox.settle(ctx, m.ID, status, lastErr, sentAt); err != nil {
			return err
		}
	}
	return nil
}

func (s *Sender) send(m Mail) error {
	addr := net.JoinHostPort(s.smtp.Host, strconv.Itoa(s.smtp.Port))
	var a smtp.Auth
	if s.smtp.Username != "" {
		a = smtp.PlainAuth("", s.smtp.Username, s.smtp.Password, s.smtp.Host)
	}
	msg, err := Compose(s.smtp.From, m)
	if err != nil {
		return err
	}
	if err := smtp.SendMail(addr, a, s.smtp.From, []string{m.To}, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// mimeHeader encodes a non-ASCII subject as RFC 2047.
func mimeHeader(s string) string {
	for _, r := range s {
		if r > 127 {
			return "=?UTF-8?B?" + b64(s) + "?="
		}
	}
	return s
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// Compose writes a mail as RFC 5322 text: the body alone (text/plain, or
// text/html for an HTML template), or, with
// attachments, multipart/mixed with the text first and each file as a
// base64 part (lines of 76 characters).
func Compose(from string, m Mail) ([]byte, error) {
	var b bytes.Buffer
	header := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	header("From", from)
	header("To", m.To)
	header("Subject", mimeHeader(m.Subject))
	header("MIME-Version", "1.0")
	bodyType := "text/plain; charset=UTF-8"
	if m.ContentType == "HTML" {
		bodyType = "text/html; charset=UTF-8"
	}
	if len(m.Attachments) == 0 {
		header("Content-Type", bodyType)
		header("Content-Transfer-Encoding", "8bit")
		b.WriteString("\r\n" + m.Body)
		return b.Bytes(), nil
	}
	mw := multipart.NewWriter(&b)
	header("Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": mw.Boundary()}))
	b.WriteString("\r\n")
	text, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {bodyType},
		"Content-Transfer-Encoding": {"8bit"},
	})
	if err != nil {
		return nil, err
	}
	if _, err := io.WriteString(text, m.Body); err != nil {
		return nil, err
	}
	for _, f := range m.Attachments {
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		part, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mime.FormatMediaType(ct, map[string]string{"name": f.Filename})},
			"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": f.Filename})},
			"Content-Transfer-Encoding": {"base64"},
		})
		if err != nil {
			return nil, err
		}
		enc := base64.StdEncoding.EncodeToString(f.Content)
		for len(enc) > 76 {
			if _, err := io.WriteString(part, enc[:76]+"\r\n"); err != nil {
				return nil, err
			}
			enc = enc[76:]
		}
		if _, err := io.WriteString(part, enc+"\r\n"); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func attachmentNames(m Mail) []string {
	names := make([]string, len(m.Attachments))
	for i, f := range m.Attachments {
		names[i] = f.Filename
	}
	return names
}
