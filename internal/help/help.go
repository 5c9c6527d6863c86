// Package help serves the help page's content in the caller's language.
package help

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/config"
	"mobility/portal/internal/i18n"
)

//go:embed content/*.json
var contentFS embed.FS

// Section is one question or topic with its answer.
type Section struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// Help is the help page.
type Help struct {
	Language     string    `json:"language"`
	Sections     []Section `json:"sections"`
	ContactEmail string    `json:"contactEmail"`
}

// Service serves help content, loaded once at start.
type Service struct {
	content map[i18n.Lang][]Section
	email   string
}

// NewService loads the help texts of every interface language.
func NewService(cfg *config.Config) (*Service, error) {
	s := &Service{content: map[i18n.Lang][]Section{}, email: cfg.HelpEmail}
	for _, l := range i18n.Supported {
		b, err := contentFS.ReadFile("content/" + string(l) + ".json")
		if err != nil {
			return nil, fmt.Errorf("help content %s: %w", l, err)
		}
		var secs []Section
		if err := json.Unmarshal(b, &secs); err != nil {
			return nil, fmt.Errorf("help content %s: %w", l, err)
		}
		s.content[l] = secs
	}
	return s, nil
}

// Get returns the help page in the caller's language.
func (s *Service) Get(ctx context.Context) *Help {
	l := i18n.FromContext(ctx)
	return &Help{Language: string(l), Sections: s.content[l], ContactEmail: s.email}
}

// Routes are the help calls.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post("/portal-service/v1/help/get", access.SignedIn(), "help", "The help page in the caller's language",
			func(ctx context.Context, _ *api.Empty) (*Help, error) { return s.Get(ctx), nil }),
	}
}
