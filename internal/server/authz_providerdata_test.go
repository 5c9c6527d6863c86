package server_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"

	"mobility/portal/internal/testkit"
)

// The matrix's provider upload: an NMBS file of one ticket on a card
// nobody holds (processing it books nothing, keeps the line UNMATCHED).
// Provider files belong to the platform, not to a tenant: only platform
// staff reach them.
func init() {
	routeIDKinds[v1+"/upload/"] = map[string]string{"uploadId": "providerUpload"}
	platformKinds["providerUpload"] = "providers' files belong to the platform: only platform staff (ospadmin) reach them"
	fixtureMakers["providerUpload"] = func(f *fixture, n int) string {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("kind", "NMBS")
		fw, _ := mw.CreateFormFile("file", "nmbs.csv")
		fmt.Fprint(fw, providerFile(f))
		_ = mw.Close()
		res := f.m.e.Do(testkit.Request{Path: v1 + "/upload/upload", Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "uploadId")
	}
	sampleHooks = append(sampleHooks, providerSample)
}

func providerFile(f *fixture) string {
	return fmt.Sprintf("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\nAUTHZ%d;9990000000%d;2026-10-03;1.00;6\n", f.next(), 1000+f.seq)
}

func providerSample(f *fixture, path, name, _ string) (any, bool) {
	if !strings.HasPrefix(path, v1+"/upload/") {
		return nil, false
	}
	switch name {
	case "file":
		return providerFile(f), true
	case "kind":
		return "NMBS", true
	}
	return nil, false
}
