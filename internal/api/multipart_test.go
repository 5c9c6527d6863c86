package api_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
)

// uploadRequest builds a multipart POST with the given fields and, when
// filename is not "", a file part holding content.
func uploadRequest(t *testing.T, fields map[string]string, filename, content string) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if filename != "" {
		fw, err := mw.CreateFormFile("file", filename)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write([]byte(content))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodPost, "/upload", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

func wantLabel(t *testing.T, err error, label string) {
	t.Helper()
	e := apperr.As(err)
	if e == nil || e.Label != label || e.Kind != apperr.KindInvalid {
		t.Fatalf("want invalid %s, got %v", label, err)
	}
}

func TestReadUploadReadsTheFileAndKeepsTheFields(t *testing.T) {
	r := uploadRequest(t, map[string]string{"kind": "LINE"}, "lines.csv", "a;b\n1;2\n")
	up, err := api.ReadUpload(r, api.FileRequired)
	if err != nil {
		t.Fatal(err)
	}
	if up.Filename != "lines.csv" || string(up.Content) != "a;b\n1;2\n" {
		t.Fatalf("got %q %q", up.Filename, up.Content)
	}
	if got := r.FormValue("kind"); got != "LINE" {
		t.Fatalf("the other fields must stay readable, kind = %q", got)
	}
}

func TestReadUploadMissingFile(t *testing.T) {
	_, err := api.ReadUpload(uploadRequest(t, map[string]string{"kind": "LINE"}, "", ""), api.FileRequired)
	wantLabel(t, err, apperr.LabelBadRequest)

	up, err := api.ReadUpload(uploadRequest(t, map[string]string{"kind": "create"}, "", ""), api.FileOptional)
	if err != nil || up.Filename != "" || up.Content != nil {
		t.Fatalf("an optional file may be missing: %+v %v", up, err)
	}
}

func TestReadUploadRefusesWhatIsNotAMultipartForm(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/upload", strings.NewReader(`{"file":"x"}`))
	r.Header.Set("Content-Type", "application/json")
	_, err := api.ReadUpload(r, api.FileOptional)
	wantLabel(t, err, apperr.LabelBadRequest)
}

func TestReadUploadOverTheBodyLimitIsBodyTooLarge(t *testing.T) {
	r := uploadRequest(t, nil, "big.csv", strings.Repeat("x", 4096))
	rec := httptest.NewRecorder()
	r.Body = http.MaxBytesReader(rec, r.Body, 1024)
	_, err := api.ReadUpload(r, api.FileRequired)
	wantLabel(t, err, apperr.LabelBodyTooLarge)
}
