package api

import (
	"errors"
	"io"
	"net/http"

	"mobility/portal/internal/apperr"
)

// UploadMemory keeps an import upload's multipart file in memory; the body
// limit middleware (PORTAL_MAX_BODY_BYTES) bounds it below this anyway.
const UploadMemory = 8 << 20

// ParseMultipart parses an import upload's multipart form: a body over the
// limit is BODY_TOO_LARGE, anything but a multipart form BAD_REQUEST. The
// caller removes the form (r.MultipartForm.RemoveAll) when done.
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

// Upload is an import upload's `file` part, read whole.
type Upload struct {
	Filename string
	Content  []byte
}

// FilePart says whether an upload without a `file` part is refused here or
// left to the service, which names the missing field in its own report.
type FilePart int

const (
	FileRequired FilePart = iota
	FileOptional
)

// ReadUpload reads an import upload (the provider files, vouchers, cambio,
// trip registrations and users): the multipart form under UploadMemory
// (errors as ParseMultipart) and its `file` part. A missing file is
// BAD_REQUEST when required, an empty Upload when optional; an unreadable
// one is always BAD_REQUEST. The form's other fields stay readable with
// r.FormValue; the form's temporary files are removed before it returns,
// since the content is held in memory. The caller validates the fields and
// the file name (validate.Input) with its own limits.
func ReadUpload(r *http.Request, part FilePart) (*Upload, error) {
	if err := ParseMultipart(r, UploadMemory); err != nil {
		return nil, err
	}
	defer r.MultipartForm.RemoveAll()
	file, header, err := r.FormFile("file")
	if errors.Is(err, http.ErrMissingFile) && part == FileOptional {
		return &Upload{}, nil
	}
	if err != nil {
		return nil, apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "cannot read the file field")
	}
	defer file.Close()
	content, err := io.ReadAll(file)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &Upload{Filename: header.Filename, Content: content}, nil
}
