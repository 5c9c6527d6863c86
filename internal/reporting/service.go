package reporting

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/paging"
)

const contentTypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

type rowsKind int

const (
	rowsUsers rowsKind = iota
	rowsBookings
	rowsEvents
	rowsTransactions
)

// File is a report file to send.
type File struct {
	Name        string
	ContentType string
	Body        []byte
}

// Service serves reports and dashboard figures.
type Service struct{}

// NewService makes the service.
func NewService() *Service { return &Service{} }

var errTODO = apperr.New(apperr.KindNotFound, apperr.LabelNotFound, "not built yet")

func (s *Service) Find(ctx context.Context, pr *access.Principal, req FindRequest) (*paging.Page[Report], error) {
	return nil, errTODO
}
func (s *Service) Types() *TypesResponse { return &TypesResponse{} }
func (s *Service) Download(ctx context.Context, pr *access.Principal, req DownloadRequest) (*File, error) {
	return nil, errTODO
}
func (s *Service) Rows(ctx context.Context, pr *access.Principal, k rowsKind, req RowsRequest) (*RowsResponse, error) {
	return nil, errTODO
}
func (s *Service) Recipients(ctx context.Context, pr *access.Principal, req RecipientsRequest) (*RecipientsResponse, error) {
	return nil, errTODO
}
func (s *Service) AddRecipients(ctx context.Context, pr *access.Principal, req AddRecipientsRequest) (*RecipientsResponse, error) {
	return nil, errTODO
}
func (s *Service) RemoveRecipient(ctx context.Context, pr *access.Principal, req RemoveRecipientRequest) (*RecipientsResponse, error) {
	return nil, errTODO
}
func (s *Service) Figures(ctx context.Context, pr *access.Principal, req DashboardFilter) (*Figures, error) {
	return nil, errTODO
}
func (s *Service) Timeline(ctx context.Context, pr *access.Principal, req TimelineRequest) (*Timeline, error) {
	return nil, errTODO
}
func (s *Service) Pie(ctx context.Context, pr *access.Principal, req PieRequest) (*Pie, error) {
	return nil, errTODO
}
func (s *Service) Companies(ctx context.Context, pr *access.Principal, req CompaniesRequest) (*paging.Page[CompanyRow], error) {
	return nil, errTODO
}
