package api

import (
	"errors"
	"net/http"

	"mobility/portal/internal/apperr"
)

// ParseMultipart parses an import upload's multipart form (the user and
// trip registration imports): a body over the limit is BODY_TOO_LARGE,
// anything but a multipart form BAD_REQUEST. The caller removes the form
// (r.MultipartForm.RemoveAll) when done.
func ParseMultipart(r *http.Request, maxMemory int64) error {
	if err := r.ParseMultipartForm(maxMemory); err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return apperr.New(apperr.KindInvalid, apperr.LabelBodyTooLarge, "request body too large")
		}
		return apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "expected multipart/form-data with a file field")
	}
	return nil
}
