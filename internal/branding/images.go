package branding

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/branding/svgsafe"
)

// CheckedImage is an upload that passed the checks: its type found by
// content, its size, and its bytes as they are stored (an SVG sanitised).
type CheckedImage struct {
	ContentType string
	Width       int
	Height      int
	Content     []byte
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xFF, 0xD8, 0xFF}
)

func unsupported(why string) error {
	return apperr.New(apperr.KindInvalid, LabelImageUnsupported, why)
}

// CheckImage finds what an upload is by its content, never by its name or
// the type the client claims: a PNG or JPEG by its magic bytes and a header
// that decodes (within MaxImageSide), an SVG by parsing it as XML with an
// <svg> root, which is then sanitised. Anything else is IMAGE_UNSUPPORTED;
// more than MaxImageBytes is IMAGE_TOO_LARGE.
func CheckImage(content []byte) (*CheckedImage, error) {
	if len(content) > MaxImageBytes {
		return nil, apperr.New(apperr.KindInvalid, LabelImageTooLarge, "the image is larger than 1,000,000 bytes")
	}
	if len(content) == 0 {
		return nil, unsupported("the file is empty")
	}
	var decode func([]byte) (image.Config, error)
	var contentType string
	switch {
	case bytes.HasPrefix(content, pngMagic):
		contentType = ContentTypePNG
		decode = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
	case bytes.HasPrefix(content, jpegMagic):
		contentType = ContentTypeJPEG
		decode = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
	}
	if decode != nil {
		cfg, err := decode(content)
		if err != nil {
			return nil, unsupported("the " + contentType + " file cannot be read")
		}
		if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
			return nil, unsupported("the image's width and height must be between 1 and 8192 pixels")
		}
		return &CheckedImage{ContentType: contentType, Width: cfg.Width, Height: cfg.Height, Content: content}, nil
	}
	if !utf8.Valid(content) {
		return nil, unsupported("only PNG, JPEG and SVG images are accepted")
	}
	clean, w, h, err := svgsafe.Sanitize(content)
	if err != nil {
		return nil, unsupported("only PNG, JPEG and SVG images are accepted: " + err.Error())
	}
	return &CheckedImage{ContentType: ContentTypeSVG, Width: w, Height: h, Content: clean}, nil
}

// nameAgrees tells whether a file name's extension, when it is one of an
// image type, agrees with the type found by content: a PNG named .svg or
// an HTML page named .png is refused rather than stored under a name that
// lies. Names without such an extension are judged by content alone.
func nameAgrees(name, contentType string) bool {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, "\\", "/")))
	want, known := map[string]string{
		".png": ContentTypePNG, ".jpg": ContentTypeJPEG, ".jpeg": ContentTypeJPEG, ".jpe": ContentTypeJPEG,
		".svg": ContentTypeSVG, ".gif": "image/gif", ".webp": "image/webp", ".bmp": "image/bmp", ".ico": "image/x-icon",
		".html": "text/html", ".htm": "text/html", ".xhtml": "text/html", ".svgz": "image/svg+xml+gzip",
	}[ext]
	return !known || want == contentType
}

// cleanFileName keeps the base name of an uploaded file, printable and at
// most 255 characters; it is shown, never trusted.
func cleanFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	if name == "." || name == "/" {
		return ""
	}
	name = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return -1
		}
		return r
	}, name)
	if r := []rune(name); len(r) > 255 {
		name = string(r[:255])
	}
	return name
}

// UploadedFile is the file part of a multipart image upload.
type UploadedFile struct {
	FileName string
	// Files counts the files in the form (every field); exactly one, named
	// "file", is accepted.
	Files   int
	HasFile bool
	// Content holds at most MaxImageBytes+1 bytes of the file.
	Content []byte
}

// maxUploadMemory keeps the multipart form in memory; the body limit
// middleware (PORTAL_MAX_BODY_BYTES) bounds it below this anyway.
const maxUploadMemory = 8 << 20

// ParseUpload parses a multipart image upload (branding's images,
// resource's service icons) and reads its file: a body over the limit is
// IMAGE_TOO_LARGE, anything but a multipart form BAD_REQUEST. The caller
// reads the text fields with r.FormValue, holds them to validate.Input,
// and removes the form (r.MultipartForm.RemoveAll) when done.
func ParseUpload(r *http.Request) (UploadedFile, error) {
	var f UploadedFile
	if err := r.ParseMultipartForm(maxUploadMemory); err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return f, apperr.New(apperr.KindInvalid, LabelImageTooLarge, "the image is too large")
		}
		return f, apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "expected multipart/form-data with one file field")
	}
	for _, fs := range r.MultipartForm.File {
		f.Files += len(fs)
	}
	if fs := r.MultipartForm.File["file"]; len(fs) == 1 && f.Files == 1 {
		file, err := fs[0].Open()
		if err != nil {
			return f, apperr.Internal(err)
		}
		defer file.Close()
		if f.Content, err = io.ReadAll(io.LimitReader(file, MaxImageBytes+1)); err != nil {
			return f, apperr.Internal(err)
		}
		f.FileName, f.HasFile = fs[0].Filename, true
	}
	return f, nil
}

// StoredImage is an upload that passed CheckUpload, as it is stored.
type StoredImage struct {
	CheckedImage
	// SHA256 is the hex SHA-256 of Content: the image's version.
	SHA256   string
	FileName string
}

// CheckUpload holds an uploaded file to the image rules: exactly one file
// (IMAGE_ONE_FILE), at most MaxImageBytes (IMAGE_TOO_LARGE), a PNG, JPEG
// or SVG by content (CheckImage; an SVG sanitised) whose file name does
// not claim another type. Whether a file was sent at all is the caller's
// field rule (Files == 0).
func CheckUpload(f UploadedFile) (*StoredImage, error) {
	if f.Files > 1 || !f.HasFile {
		return nil, apperr.New(apperr.KindInvalid, LabelImageOneFile, "send exactly one file, in the field named file")
	}
	if len(f.Content) > MaxImageBytes {
		return nil, apperr.New(apperr.KindInvalid, LabelImageTooLarge, "the image is larger than 1,000,000 bytes")
	}
	checked, err := CheckImage(f.Content)
	if err != nil {
		return nil, err
	}
	if !nameAgrees(f.FileName, checked.ContentType) {
		return nil, unsupported("the file's name does not match its content (" + checked.ContentType + ")")
	}
	return &StoredImage{CheckedImage: *checked, SHA256: version(checked.Content), FileName: cleanFileName(f.FileName)}, nil
}
