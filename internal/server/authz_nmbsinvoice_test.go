package server_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's NMBS invoice: an unprocessed upload of Acme's, one line on
// a card no order has (the matrix's app has no orders), made fresh each
// time. Invoice managers reach it: Acme's own, the MSP admin of Acme's
// partner and platform staff; Globex's and RideOn's admins hold the role
// but Acme is not theirs (404); Acme's admins without it get 403.
func init() {
	routeIDKinds[v1+"/upload/invoice/"] = map[string]string{"uploadId": "nmbsInvoiceUpload"}
	fixtureMakers["nmbsInvoiceUpload"] = func(f *fixture, n int) string {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("corporateAccountOspId", seed.AcmeOspID)
		_ = mw.WriteField("provider", "NMBS")
		fw, _ := mw.CreateFormFile("file", "nmbs-invoice.csv")
		fmt.Fprint(fw, nmbsInvoiceFile(f))
		_ = mw.Close()
		res := f.m.e.Do(testkit.Request{Path: v1 + "/upload/invoice/upload", Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		id := string(res.Body) // upload answers the id as text (SPEC §7)
		if len(id) != 36 {
			f.m.t.Fatalf("nmbs invoice upload answered %q", res.Body)
		}
		return id
	}
	sampleHooks = append(sampleHooks, nmbsInvoiceSample)
}

func nmbsInvoiceFile(f *fixture) string {
	return fmt.Sprintf("invoiceNumber;invoiceMonth;organismNumber;mobibCardNumber;periodStart;periodEnd;amountInclVat;vatRate\n"+
		"AUTHZ-%d;202610;ACME;99900000000%d;2026-10-01;2026-10-31;214.00;6\n", f.next(), 100000+f.seq)
}

func nmbsInvoiceSample(f *fixture, path, name, _ string) (any, bool) {
	if !strings.HasPrefix(path, v1+"/upload/invoice/") {
		return nil, false
	}
	switch name {
	case "file":
		return nmbsInvoiceFile(f), true
	case "provider":
		return "NMBS", true
	}
	return nil, false
}
