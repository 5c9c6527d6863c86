package invoice

import (
	"bytes"
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/money"
	"mobility/portal/internal/user"
)

// LabelNoRecipient: a document to be mailed has no address (a company
// without invoicing contacts, a provider without an e-mail address); it
// stays CREATED until one exists and invoice/send is called again.
var LabelNoRecipient = apperr.Define("INVOICE_NO_RECIPIENT")

// mailTemplate is the mail that carries a document's PDF.
const mailTemplate = "invoice_issued"

// Send delivers an issued document: a company's by its invoice sending
// method — EMAIL: one mail per invoicing contact of the company, in the
// contact's language, with the PDF attached; PEPPOL: marked PENDING for the
// access point, no mail — and a self-billing invoice by mail to the
// provider's address. A CREATED document becomes SENT (PAID and the
// payment statuses stay) with sent_at set, in one transaction with its
// outbox rows: either every mail is queued and the status changed, or
// neither. The run calls it after issuing; invoice/send calls it again.
func (s *Service) Send(ctx context.Context, invoiceID int64) error {
	r, err := s.store.byID(ctx, invoiceID)
	if database.IsNoRows(err) {
		return apperr.NotFound("invoice")
	}
	if err != nil {
		return apperr.Internal(err)
	}
	if r.Kind != document.KindSelfBilling && r.SendingMethod == company.InvoiceByPeppol {
		return s.db.WithTx(ctx, func(ctx context.Context) error {
			return s.sent(ctx, r.ID, "PENDING")
		})
	}
	docs, err := s.documents(ctx, []*row{r}, false)
	if err != nil {
		return err
	}
	d := docs[0]
	to, err := s.recipients(ctx, r, &d)
	if err != nil {
		return err
	}
	var pdf bytes.Buffer
	if err := document.PDF(d, &pdf); err != nil {
		return apperr.Internal(err)
	}
	file := mail.Attachment{Filename: fileName(&d, FormatPDF), ContentType: contentTypes[FormatPDF], Content: pdf.Bytes()}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, rc := range to {
			if err := s.outbox.Enqueue(ctx, mail.Message{To: rc.email, Name: mailTemplate, Lang: rc.lang, CompanyID: companyOf(r),
				Data: mailData(&d, rc), Attachments: []mail.Attachment{file}}); err != nil {
				return apperr.Internal(err)
			}
		}
		return s.sent(ctx, r.ID, "")
	})
}

func (s *Service) sent(ctx context.Context, id int64, peppolStatus string) error {
	if err := s.store.markSent(ctx, id, peppolStatus, s.clock.Now()); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// companyOf is the company whose templates a document's mail uses (none
// for a self-billing invoice: it goes to a provider).
func companyOf(r *row) int64 {
	if r.Kind == document.KindSelfBilling || r.CompanyID == nil {
		return 0
	}
	return *r.CompanyID
}

// recipient is one address a document is mailed to.
type recipient struct {
	email, name string
	lang        i18n.Lang
}

// recipients are the company's invoicing contacts (user read model), or
// the provider's address of a self-billing invoice (its seller snapshot).
func (s *Service) recipients(ctx context.Context, r *row, d *document.Doc) ([]recipient, error) {
	docLang := i18n.Lang(d.Language)
	if !i18n.IsSupported(d.Language) {
		docLang = i18n.Default
	}
	var out []recipient
	if r.Kind == document.KindSelfBilling {
		if d.Seller.Email != "" {
			out = append(out, recipient{email: d.Seller.Email, name: d.Seller.Name, lang: docLang})
		}
	} else if r.CompanyID != nil {
		contacts, err := s.users.ContactsOf(ctx, *r.CompanyID, user.ContactInvoicing)
		if err != nil {
			return nil, err
		}
		for _, c := range contacts {
			if strings.TrimSpace(c.Email) == "" {
				continue
			}
			lang := docLang
			if i18n.IsSupported(c.Language) {
				lang = i18n.Lang(c.Language)
			}
			out = append(out, recipient{email: c.Email, name: c.FullName, lang: lang})
		}
	}
	if len(out) == 0 {
		return nil, apperr.New(apperr.KindConflict, LabelNoRecipient, "invoice "+r.Number+" has no one to be mailed to")
	}
	return out, nil
}

// mailData fills the invoice_issued template in the recipient's language.
func mailData(d *document.Doc, rc recipient) map[string]any {
	party := d.Buyer.Name
	if d.Kind == document.KindSelfBilling {
		party = d.Seller.Name
	}
	period := d.Month
	if len(d.Month) == 6 {
		period = d.Month[4:] + "/" + d.Month[:4]
	}
	due := d.DueDate
	if len(due) == 10 {
		due = due[8:] + "/" + due[5:7] + "/" + due[:4]
	}
	return map[string]any{
		"Name": rc.name, "Title": i18n.T(rc.lang, "invoice.doc.title."+d.Kind), "Number": d.Number, "Company": party,
		"Period": period, "Payable": money.FormatEuro(d.PayableAmount, string(rc.lang)), "DueDate": due,
		"PaymentReference": d.PaymentReference,
		"DirectDebit":      d.PaymentMethod == company.InvoicePaymentDirectDebit && d.Kind == document.KindInvoice && d.PayableAmount > 0,
	}
}

// SendRequested is invoice/send: a document the principal may see (platform
// staff: every one) sent again, answered as it now is.
func (s *Service) SendRequested(ctx context.Context, p *access.Principal, ospID string) (*Detail, error) {
	r, err := s.store.byOspID(ctx, p, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("invoice")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.Send(ctx, r.ID); err != nil {
		return nil, err
	}
	return s.Get(ctx, p, ospID)
}
