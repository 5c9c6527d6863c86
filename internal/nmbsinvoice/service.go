package nmbsinvoice

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/nmbsconfig"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Deps are what the service is built from. Orders may be nil: then no
// order was processed and every line is an unknown order.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
	Orders    OrderSource
	// NMBS holds the companies' organism numbers, which NMBS invoice
	// lines must carry.
	NMBS *nmbsconfig.Service
}

// Service checks and records the providers' invoices.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
	orders    OrderSource
	nmbs      *nmbsconfig.Service
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, companies: d.Companies, orders: d.Orders,
		nmbs: d.NMBS}
}

// UseOrders sets where the processed season-card orders come from (the
// server wires internal/order's service here).
func (s *Service) UseOrders(src OrderSource) { s.orders = src }

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func formatOf(ctx context.Context, provider string) (format, error) {
	f, ok := formats[provider]
	if !ok {
		v := validate.New(ctx)
		v.Fail("provider", "rule.oneOf", strings.Join(ProviderNames(), ", "))
		return f, v.Err()
	}
	return f, nil
}

// Upload stores a company's invoice file of a provider after checking its
// shape (CSV, the provider's columns, 1 to 500 lines) and answers its id.
// Invoice managers of the company, of its partner, and platform staff
// (the route's policy and the company's scope).
func (s *Service) Upload(ctx context.Context, p *access.Principal, companyOspID, provider, filename string, content []byte) (string, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", companyOspID)
	v.Required("provider", provider)
	if err := v.Err(); err != nil {
		return "", err
	}
	f, err := formatOf(ctx, provider)
	if err != nil {
		return "", err
	}
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return "", err
	}
	filename = filepath.Base(strings.ReplaceAll(filename, "\\", "/"))
	lines, err := provfile.Read(ctx, f.spec, filename, content)
	if err != nil {
		return "", err
	}
	r := uploadRow{OspID: uuid.NewString(), CompanyID: ca.ID, Provider: provider, Filename: filename, Content: content,
		RowCount: len(lines), Status: StatusUploaded, CreatedBy: p.UserID, CreatedAt: s.now()}
	if err := s.store.insertUpload(ctx, &r); err != nil {
		return "", apperr.Internal(err)
	}
	return r.OspID, nil
}

// Validate checks every line (field errors) and, for a file without any,
// matches its lines against the month's processed orders: what process
// would do with each. It writes nothing. A processed file answers the
// report of its process.
func (s *Service) Validate(ctx context.Context, p *access.Principal, uploadID string) (*Report, error) {
	up, err := s.findUpload(ctx, p, uploadID, false)
	if err != nil {
		return nil, err
	}
	if up.Status == StatusProcessed {
		return storedReport(up)
	}
	rep, _, err := s.check(ctx, up)
	return rep, provfile.Internal(err)
}

// Process marks, in one transaction, the orders a valid file's matched
// lines invoice: each (provider, order) once ever, so the same file
// uploaded again invoices nothing twice (its lines are ALREADY_INVOICED).
// Amount differences, unknown orders and duplicates are reported per line
// and kept with the upload's report; their orders stay open for a
// corrected invoice. A file with line errors writes nothing and answers
// them; a processed file answers its report again.
func (s *Service) Process(ctx context.Context, p *access.Principal, uploadID string) (*Report, error) {
	var rep *Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.findUpload(ctx, p, uploadID, true)
		if err != nil {
			return err
		}
		if up.Status == StatusProcessed {
			rep, err = storedReport(up)
			return err
		}
		var lines map[int]line
		rep, lines, err = s.check(ctx, up)
		if err != nil || !rep.Valid {
			return err
		}
		now := s.now()
		var rows []invoicedRow
		for _, r := range rep.Lines {
			if r.Outcome == OutcomeMatched {
				l := lines[r.Line]
				rows = append(rows, invoicedRow{Provider: up.Provider, OrderID: r.OrderID, CompanyID: up.CompanyID, UploadID: up.ID,
					LineNumber: l.number, InvoiceNumber: l.invoice, InvoiceMonth: l.month, CardNumber: l.card, Amount: l.amount,
					VatBP: l.vatBP, CreatedAt: now})
			}
		}
		wrote, err := s.store.markInvoiced(ctx, rows)
		if err != nil {
			return err
		}
		lang := i18n.FromContext(ctx)
		for i := range rep.Lines {
			r := &rep.Lines[i]
			if r.Outcome != OutcomeMatched {
				continue
			}
			rep.count(OutcomeMatched, -1)
			r.Outcome = OutcomeInvoiced
			if !wrote[r.OrderID] { // another file's process committed it first
				r.Outcome, r.ExpectedAmount = OutcomeAlreadyInvoiced, 0
			}
			r.Message = i18n.T(lang, "nmbsinvoice.outcome."+r.Outcome, r.OrderID)
			rep.count(r.Outcome, 1)
		}
		rep.Status = StatusProcessed
		rep.ProcessedAt = now.UTC().Format(time.RFC3339)
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		return s.store.markProcessed(ctx, up.ID, string(b), p.UserID, now)
	})
	if err != nil {
		return nil, provfile.Internal(err)
	}
	return rep, nil
}

func storedReport(up *uploadRow) (*Report, error) {
	var rep Report
	if err := json.Unmarshal([]byte(up.Report), &rep); err != nil {
		return nil, apperr.Internal(err)
	}
	return &rep, nil
}

// findUpload reads an upload in the caller's scope: another tenant's is
// not found.
func (s *Service) findUpload(ctx context.Context, p *access.Principal, uploadID string, lock bool) (*uploadRow, error) {
	v := validate.New(ctx)
	v.Required("uploadId", uploadID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(uploadID) > 36 {
		return nil, apperr.NotFound("upload")
	}
	up, err := s.store.upload(ctx, p.Scope, uploadID, lock)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("upload")
	}
	return up, provfile.Internal(err)
}

// check reads an upload's lines, checks their fields and, when none is
// wrong, matches them: the report and the checked lines by line number.
func (s *Service) check(ctx context.Context, up *uploadRow) (*Report, map[int]line, error) {
	f, ok := formats[up.Provider]
	if !ok {
		return nil, nil, errors.New("unknown provider " + up.Provider)
	}
	pls, err := provfile.Read(ctx, f.spec, up.Filename, up.Content)
	if err != nil {
		return nil, nil, err
	}
	rep := &Report{UploadID: up.OspID, Provider: up.Provider, Status: up.Status, RowCount: len(pls), Errors: []LineError{},
		Lines: []LineResult{}}
	organism := ""
	if f.organism && s.nmbs != nil {
		if organism, err = s.nmbs.OrganismNumber(ctx, up.CompanyID); err != nil {
			return nil, nil, err
		}
	}
	lines := checkLines(ctx, f, pls, organism, s.clock.Now(), rep)
	rep.Valid = len(rep.Errors) == 0
	if !rep.Valid {
		rep.InvoiceMonth = ""
		return rep, nil, nil
	}
	m, err := s.ordersOf(ctx, up.Provider, up.CompanyID, rep.InvoiceMonth)
	if err != nil {
		return nil, nil, err
	}
	match(ctx, up.Provider, lines, m, rep)
	byNumber := make(map[int]line, len(lines))
	for _, l := range lines {
		byNumber[l.number] = l
	}
	return rep, byNumber, nil
}

// History pages a company's uploads of a provider, newest first, with who
// uploaded and processed them and the process's report.
func (s *Service) History(ctx context.Context, p *access.Principal, req HistoryRequest) (*paging.Page[HistoryRow], error) {
	if _, err := formatOf(ctx, req.Provider); err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.uploads(ctx, ca.ID, req.Provider, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	names, err := provfile.Handlers(ctx, s.users, rows, func(r *uploadRow) (int64, *int64) { return r.CreatedBy, r.ProcessedBy })
	if err != nil {
		return nil, err
	}
	out := make([]HistoryRow, len(rows))
	for i, r := range rows {
		h := HistoryRow{UploadID: r.OspID, Provider: r.Provider, Filename: r.Filename, RowCount: r.RowCount, Status: r.Status,
			UploadedBy: names.Of(r.CreatedBy), UploadedOn: r.CreatedAt.UTC().Format(time.RFC3339), ProcessedBy: names.OfOptional(r.ProcessedBy)}
		if r.ProcessedAt != nil {
			h.ProcessedOn = r.ProcessedAt.UTC().Format(time.RFC3339)
		}
		if r.Report != "" {
			if rep, err := storedReport(&rows[i]); err == nil {
				h.Report, h.Counts = rep, &rep.Counts
			}
		}
		out[i] = h
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// File answers a stored invoice file as it was uploaded.
func (s *Service) File(ctx context.Context, p *access.Principal, uploadID string) (string, []byte, error) {
	up, err := s.findUpload(ctx, p, uploadID, false)
	if err != nil {
		return "", nil, err
	}
	return up.Filename, up.Content, nil
}

// Spec is a provider's file columns and template line (nil: no such
// provider).
func Spec(provider string) *provfile.Spec {
	f, ok := formats[strings.ToUpper(provider)]
	if !ok {
		return nil
	}
	return &f.spec
}
