package reconciliation_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strconv"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// Cambio invoices are reconciled as the provider files are: the expected
// amount is the platform's CAMBIO- expense net of corrections, the actual
// the invoice line's; a line the platform later refunded in part is a
// mismatch, a CAMBIO- expense no invoice reports is missing at the
// provider, and the provider filter finds them.
func TestCambioInvoicesReconciled(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		ca := e.CorporateAccountID(seed.AcmeOspID)
		u := e.NewUser(user.NewUser{Login: "rc.cambio", Firstname: "Cas", Lastname: "Mertens", Email: "cas.mertens@example.com",
			CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
		b := e.CreateBudget(acme, "MOBILITY_BUDGET", u, map[string]any{"frequency": "MONTH", "frequencyAmount": 1000, "startAmount": 100_000})

		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "cambio.csv")
		_, _ = fw.Write([]byte("invoiceNumber,lineId,customerNumber,email,date,description,amount,vatPercentage,km\n" +
			"CB-1,1,C-1,cas.mertens@example.com,2026-10-14,Gent Zuid 3 h,27.35,21,42\n" +
			"CB-1,2,C-1,cas.mertens@example.com,2026-10-16,Gent Zuid 1 h,9.10,21,8\n"))
		_ = mw.Close()
		res := e.Do(testkit.Request{Path: "/cambio/invoice/upload", Token: staff, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(t, res, http.StatusOK)
		id, _ := res.Map(t)["uploadId"].(string)
		testkit.MustStatus(t, e.Post("/cambio/invoice/process", staff, map[string]any{"uploadId": id}), http.StatusOK)
		mustEqual(t, "booked", balance(t, e, b.OspID), 100_000-2735-910)

		// the platform gives 1.10 of the second trip back; an expense with
		// a Cambio booking id no invoice has
		testkit.MustStatus(t, e.Post(v1+"/events/correct", acme, map[string]any{"ospId": expenseOsp(t, e, "CAMBIO-CB-1-2"), "amount": -110,
			"remark": "late car"}), http.StatusOK)
		var budgetID, userID int64
		if err := e.DB.Get(context.Background(), &budgetID, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(context.Background(), &userID, `SELECT id FROM users WHERE osp_id = ?`, u); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.Expenses.BookProvider(context.Background(), expense.ProviderBooking{UserID: userID, CompanyID: ca,
			BudgetID: budgetID, Amount: 500, VatBasisPoints: 2100, Date: "2026-10-20", BookingID: "CAMBIO-CB-9-1", MobilityMode: "CAR",
			Description: "Cambio booked without an invoice"}); err != nil {
			t.Fatal(err)
		}
		testkit.MustStatus(t, e.Post(v1+"/reconciliation/run", staff, map[string]any{}), http.StatusOK)

		got := map[string]string{}
		for _, status := range []string{"MATCHED", "MISMATCH", "MISSING_AT_PROVIDER", "MISSING_AT_PLATFORM"} {
			for id, r := range rows(t, e, staff, map[string]any{"provider": "CAMBIO", "status": status}) {
				got[id] = r.Status + " " + r.MrpOspID + " " + r.Month + " " + itoa(r.ExpectedAmount) + "/" + itoa(r.ActualAmount)
			}
		}
		mustEqual(t, "cambio rows", got, map[string]string{
			"CAMBIO-CB-1-1": "MATCHED CAMBIO 202610 2735/2735",
			"CAMBIO-CB-1-2": "MISMATCH CAMBIO 202610 800/910",
			"CAMBIO-CB-9-1": "MISSING_AT_PROVIDER CAMBIO 202610 500/0",
		})
		// an override books the difference once, as for the provider files
		res = e.Post(v1+"/reconciliation/manual/override", staff, map[string]any{"bookingId": "CAMBIO-CB-1-2", "decision": "ACCEPT_PROVIDER",
			"remark": "Cambio's invoice is right"})
		testkit.MustStatus(t, res, http.StatusOK)
		mustEqual(t, "after override", balance(t, e, b.OspID), 100_000-2735-910-500)
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
