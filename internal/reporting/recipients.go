package reporting

import (
	"context"
	"slices"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/validate"
)

// MaxRecipients bounds the addresses of one report type and company.
const MaxRecipients = 50

// Recipients lists a company's recipients, per report type (every type
// when none is named).
func (s *Service) Recipients(ctx context.Context, pr *access.Principal, req RecipientsRequest) (*RecipientsResponse, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", req.CorporateAccountOspID)
	if req.ReportType != "" {
		v.OneOf("reportType", req.ReportType, AllTypes)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	c, err := s.companies.Resolve(ctx, pr, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	return s.recipientsOf(ctx, c.ID, c.OspID, req.ReportType)
}

func (s *Service) recipientsOf(ctx context.Context, companyID int64, companyOspID, typ string) (*RecipientsResponse, error) {
	rows, err := s.store.recipients(ctx, companyID, typ)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	types := AllTypes
	if typ != "" {
		types = []string{typ}
	}
	out := &RecipientsResponse{CorporateAccountOspID: companyOspID}
	for _, t := range types {
		r := Recipients{ReportType: t, Emails: []string{}}
		for _, row := range rows {
			if row.ReportType == t {
				r.Emails = append(r.Emails, row.Email)
			}
		}
		out.Recipients = append(out.Recipients, r)
	}
	return out, nil
}

// normalEmail is how addresses are stored: trimmed, lower case.
func normalEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// AddRecipients adds addresses (SPEC §5: required and valid) to a report
// type's recipients; addresses already there are kept once.
func (s *Service) AddRecipients(ctx context.Context, pr *access.Principal, req AddRecipientsRequest) (*RecipientsResponse, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", req.CorporateAccountOspID)
	if v.Required("reportType", req.ReportType) {
		v.OneOf("reportType", req.ReportType, AllTypes)
	}
	var emails []string
	if len(req.Emails) == 0 {
		v.Fail("emails", "rule.required")
	}
	for i, e := range req.Emails {
		field := "emails[" + itoa(i) + "]"
		e = strings.TrimSpace(e)
		if v.Required(field, e) {
			v.MaxLength(field, e, 254)
			v.Email(field, e)
		}
		if n := normalEmail(e); !slices.Contains(emails, n) {
			emails = append(emails, n)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	c, err := s.companies.Resolve(ctx, pr, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, e := range emails {
			if err := s.store.addRecipient(ctx, c.ID, req.ReportType, e, s.now()); err != nil {
				return err
			}
		}
		n, err := s.store.countRecipients(ctx, c.ID, req.ReportType)
		if err != nil {
			return err
		}
		if n > MaxRecipients {
			v := validate.New(ctx)
			v.Fail("emails", "rule.maxRecipients", MaxRecipients)
			return v.Err()
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.recipientsOf(ctx, c.ID, c.OspID, req.ReportType)
}

// RemoveRecipient removes one address from a report type's recipients
// (an address not there changes nothing).
func (s *Service) RemoveRecipient(ctx context.Context, pr *access.Principal, req RemoveRecipientRequest) (*RecipientsResponse, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", req.CorporateAccountOspID)
	if v.Required("reportType", req.ReportType) {
		v.OneOf("reportType", req.ReportType, AllTypes)
	}
	if v.Required("email", req.Email) {
		v.Email("email", strings.TrimSpace(req.Email))
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	c, err := s.companies.Resolve(ctx, pr, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if err := s.store.removeRecipient(ctx, c.ID, req.ReportType, normalEmail(req.Email)); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.recipientsOf(ctx, c.ID, c.OspID, req.ReportType)
}
