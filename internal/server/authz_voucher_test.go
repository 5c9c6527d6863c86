package server_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the voucher and Cambio calls: uploaded files
// (not processed) of each kind, and an Acme company voucher (processed)
// for redeem. Files and their lines are made fresh each time, so an
// allowed process or redeem always has something to do.
func init() {
	routeIDKinds[v1+"/voucher/"] = map[string]string{"uploadId": "voucherUpload"}
	routeIDKinds["/cambio/invoice/"] = map[string]string{"uploadId": "cambioInvoiceUpload"}
	routeIDKinds["/cambio/co2/"] = map[string]string{"uploadId": "cambioCO2Upload"}
	upload := func(f *fixture, path string, form map[string]string, content string) string {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		for k, v := range form {
			_ = mw.WriteField(k, v)
		}
		fw, _ := mw.CreateFormFile("file", "provider.csv")
		fmt.Fprint(fw, content)
		_ = mw.Close()
		res := f.m.e.Do(testkit.Request{Path: path, Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "uploadId")
	}
	fixtureMakers["voucherUpload"] = func(f *fixture, n int) string {
		return upload(f, v1+"/voucher/upload", map[string]string{"corporateAccountOspId": seed.AcmeOspID}, voucherFile(f))
	}
	fixtureMakers["voucher"] = func(f *fixture, n int) string {
		code := fmt.Sprintf("AUTHZ-V%d", f.next())
		id := upload(f, v1+"/voucher/upload", map[string]string{"corporateAccountOspId": seed.AcmeOspID},
			"code,value,validFrom,validUntil\n"+code+",10.00,2026-01-01,2026-12-31\n")
		testkit.MustStatus(f.m.t, f.m.e.Post(v1+"/voucher/process", f.token, map[string]any{"uploadId": id}), http.StatusOK)
		return code
	}
	fixtureMakers["cambioInvoiceUpload"] = func(f *fixture, n int) string {
		return upload(f, "/cambio/invoice/upload", nil, cambioInvoiceFile(f))
	}
	fixtureMakers["cambioCO2Upload"] = func(f *fixture, n int) string {
		return upload(f, "/cambio/co2/upload", nil, cambioCO2File(f))
	}
	sampleHooks = append(sampleHooks, voucherSample)
}

func voucherFile(f *fixture) string {
	return fmt.Sprintf("code,value,validFrom,validUntil\nAUTHZ-F%d,12.50,2026-01-01,2026-12-31\n", f.next())
}

// cambioInvoiceFile is a line of the matrix's Acme user (no budget of
// theirs is needed: a line that finds none is listed, not refused).
func cambioInvoiceFile(f *fixture) string {
	return fmt.Sprintf("invoiceNumber,lineId,email,date,amount,vatPercentage\nCB-AUTHZ-%d,1,%s,2026-11-02,12.34,21\n",
		f.next(), emailOf(f))
}

func cambioCO2File(f *fixture) string {
	return fmt.Sprintf("month,email,km,co2Grams\n2026-%02d,%s,10,1200\n", 1+f.next()%10, emailOf(f))
}

// emailOf is the matrix's Acme user's address (its login @example.com).
func emailOf(f *fixture) string {
	u := f.id("user")
	var email string
	if err := f.m.e.DB.Get(context.Background(), &email, `SELECT email FROM users WHERE osp_id = ?`, u); err != nil {
		f.m.t.Fatalf("fixture user e-mail: %v", err)
	}
	return email
}

func voucherSample(f *fixture, path, name, parent string) (any, bool) {
	switch {
	case strings.HasPrefix(path, v1+"/voucher/"):
		switch name {
		case "file":
			return voucherFile(f), true
		case "code":
			if strings.HasSuffix(path, "/redeem") {
				return f.id("voucher"), true
			}
			return "AUTHZ", true
		case "reference":
			return "authz ride", true
		case "status":
			return "ISSUED", true
		}
	case strings.HasPrefix(path, "/cambio/invoice/") && name == "file":
		return cambioInvoiceFile(f), true
	case strings.HasPrefix(path, "/cambio/co2/"):
		switch name {
		case "file":
			return cambioCO2File(f), true
		case "fromMonth":
			return "2026-01", true
		case "toMonth":
			return "2026-11", true
		}
	}
	return nil, false
}
