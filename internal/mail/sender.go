package mail

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strconv"
	"strings"
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
			slog.Info("mail kept (no SMTP configured)", "to", m.To, "subject", m.Subject, "template", m.Template, "body", m.Body)
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
	msg := strings.Join([]string{
		"From: " + s.smtp.From,
		"To: " + m.To,
		"Subject: " + mimeHeader(m.Subject),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: 8bit",
		"",
		m.Body,
	}, "\r\n")
	if err := smtp.SendMail(addr, a, s.smtp.From, []string{m.To}, []byte(msg)); err != nil {
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
