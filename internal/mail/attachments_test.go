package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"strings"
	"testing"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/template"
	"mobility/portal/internal/testkit"
)

func invoiceMessage(to string, files ...mail.Attachment) mail.Message {
	return mail.Message{To: to, Name: "invoice_issued", Lang: i18n.NL, Attachments: files, Data: map[string]any{
		"Name": "Jan", "Title": "Factuur", "Number": "INV-2026-000001", "Company": "Acme", "Period": "10/2026",
		"Payable": "€ 12,10", "DueDate": "02/12/2026", "PaymentReference": "+++090/9337/55493+++",
	}}
}

// binary holds every byte value, so a text column or a lossy encoding
// would show.
func binary() []byte {
	b := make([]byte, 3000)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

func TestOutboxStoresAttachmentsWithTheMail(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(db, clock.NewFixed(testkit.Start))
		o.UseRenderer(template.ShippedRenderer{})
		pdf := mail.Attachment{Filename: "INV-2026-000001.pdf", ContentType: "application/pdf", Content: binary()}
		csv := mail.Attachment{Filename: "detail.csv", ContentType: "text/csv", Content: []byte("a,b\n1,2\n")}
		if err := o.Enqueue(ctx, invoiceMessage("jan@acme.example", pdf, csv)); err != nil {
			t.Fatal(err)
		}
		if err := o.Enqueue(ctx, invoiceMessage("jan@acme.example")); err != nil {
			t.Fatal(err)
		}
		// rolled back: neither the mail nor its file remain
		_ = db.WithTx(ctx, func(ctx context.Context) error {
			_ = o.Enqueue(ctx, invoiceMessage("jan@acme.example", pdf))
			return context.Canceled
		})
		if err := mail.NewSender(db, o, config.SMTP{}).Flush(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := o.List(ctx, "jan@acme.example")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Status != "kept" || len(got[1].Attachments) != 0 {
			t.Fatalf("mails %+v", got)
		}
		files := got[0].Attachments
		if len(files) != 2 || files[0].Filename != pdf.Filename || files[0].ContentType != "application/pdf" ||
			!bytes.Equal(files[0].Content, pdf.Content) || files[1].Filename != "detail.csv" || string(files[1].Content) != "a,b\n1,2\n" {
			t.Fatalf("attachments %+v", files)
		}
		if !strings.Contains(got[0].Subject, "INV-2026-000001") || !strings.Contains(got[0].Body, "+++090/9337/55493+++") {
			t.Errorf("mail %q %q", got[0].Subject, got[0].Body)
		}
		var n int
		if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM mail_attachments`); err != nil || n != 2 {
			t.Errorf("%d attachment rows (%v)", n, err)
		}
	})
}

// Compose's MIME is read back with the standard library's parsers: the
// text first, then each file base64-encoded under its name.
func TestComposeWritesMultipartMixed(t *testing.T) {
	pdf := binary()
	raw, err := mail.Compose("portal@example.com", mail.Mail{To: "jan@acme.example", Subject: "Factuur € 12,10", Body: "Beste Jan,\n",
		Attachments: []mail.Attachment{{Filename: "INV-2026-000001.pdf", ContentType: "application/pdf", Content: pdf}, {Filename: "x.bin", Content: []byte{0}}}})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if subj, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); subj != "Factuur € 12,10" {
		t.Errorf("subject %q", subj)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("content type %q %v", mt, err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	text, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(text); string(b) != "Beste Jan,\n" || !strings.HasPrefix(text.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("text part %q %q", b, text.Header)
	}
	for i, want := range []struct {
		name, ct string
		content  []byte
	}{{"INV-2026-000001.pdf", "application/pdf", pdf}, {"x.bin", "application/octet-stream", []byte{0}}} {
		p, err := r.NextPart()
		if err != nil {
			t.Fatal(err)
		}
		if p.FileName() != want.name || !strings.HasPrefix(p.Header.Get("Content-Type"), want.ct) || p.Header.Get("Content-Transfer-Encoding") != "base64" {
			t.Errorf("part %d header %v", i, p.Header)
		}
		enc, _ := io.ReadAll(p)
		for _, line := range strings.Split(strings.TrimSpace(string(enc)), "\r\n") {
			if len(line) > 76 {
				t.Errorf("base64 line of %d characters", len(line))
			}
		}
		dec, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(enc), "\r\n", ""))
		if err != nil || !bytes.Equal(dec, want.content) {
			t.Errorf("part %d content differs (%v)", i, err)
		}
	}
	if _, err := r.NextPart(); err != io.EOF {
		t.Errorf("more parts than files: %v", err)
	}

	plain, _ := mail.Compose("portal@example.com", mail.Mail{To: "a@b.c", Subject: "Hi", Body: "body"})
	if !bytes.Contains(plain, []byte("Content-Type: text/plain; charset=UTF-8\r\n")) || bytes.Contains(plain, []byte("multipart")) {
		t.Errorf("a mail without files is plain text:\n%s", plain)
	}
}
