package partner

import (
	"context"
	"errors"

	"mobility/portal/internal/access"
)

var errTodo = errors.New("not yet")

func (s *Service) GetAll(ctx context.Context, p *access.Principal, req GetAllRequest) ([]Detail, error) {
	return nil, errTodo
}
func (s *Service) MrpAll(ctx context.Context) ([]Summary, error) { return nil, errTodo }
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*Detail, error) {
	return nil, errTodo
}
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Detail, error) {
	return nil, errTodo
}
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Detail, error) {
	return nil, errTodo
}
func (s *Service) RelatedOf(ctx context.Context, p *access.Principal, ospID string) (*Related, error) {
	return nil, errTodo
}
func (s *Service) Link(ctx context.Context, p *access.Principal, req LinkRequest) (*Related, error) {
	return nil, errTodo
}
func (s *Service) Unlink(ctx context.Context, p *access.Principal, req LinkRequest) (*Related, error) {
	return nil, errTodo
}
