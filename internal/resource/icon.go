package resource

import (
	"net/http"

	"mobility/portal/internal/api"
)

func (s *Service) serveIconUpload(w http.ResponseWriter, r *http.Request) {
	api.WriteError(w, r, errTodo)
}

func (s *Service) serveIcon(w http.ResponseWriter, r *http.Request) {
	api.WriteError(w, r, errTodo)
}
