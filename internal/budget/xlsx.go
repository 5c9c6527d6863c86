package budget

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/user"
)

// WriteXLSX streams the transactions matching f to w as an XLSX sheet.
// Rows come from a database cursor and go through excelize's stream
// writer, so 100,000 rows never sit in memory at once. Amounts are
// written as euro numbers with a currency format, from integer cents.
func (s *Service) WriteXLSX(ctx context.Context, p *access.Principal, f TransactionFilter, w io.Writer) error {
	tf, err := s.resolveFilter(ctx, p, f)
	if err != nil {
		return err
	}
	lang := i18n.FromContext(ctx)
	file := excelize.NewFile()
	defer file.Close()
	sheet := "Sheet1"
	sw, err := file.NewStreamWriter(sheet)
	if err != nil {
		return apperr.Internal(err)
	}
	euro, err := file.NewStyle(&excelize.Style{NumFmt: 8}) // #,##0.00 with currency
	if err != nil {
		return apperr.Internal(err)
	}
	header := []any{}
	for _, k := range []string{"date", "type", "user", "budget", "description", "amount", "balance", "event", "transaction"} {
		header = append(header, i18n.T(lang, "xlsx.tx."+k))
	}
	if err := sw.SetRow("A1", header); err != nil {
		return apperr.Internal(err)
	}
	rows, err := s.store.txStream(ctx, tf)
	if err != nil {
		return apperr.Internal(err)
	}
	defer rows.Close()
	line := 2
	// the names come from the owners' read models, a batch per 500 rows
	write := func(batch []txView) error {
		if err := s.txNames(ctx, tf.scope, batch); err != nil {
			return err
		}
		for _, v := range batch {
			name := ""
			if v.UserOspID != nil {
				name = user.FullName(deref(v.Firstname), deref(v.Lastname), deref(v.Email))
			}
			cell, _ := excelize.CoordinatesToCellName(1, line)
			if err := sw.SetRow(cell, []any{
				v.BookingDate, v.Type, name, v.BudgetType, v.Description,
				excelize.Cell{StyleID: euro, Value: float64(v.Amount) / 100},
				excelize.Cell{StyleID: euro, Value: float64(v.BalanceAfter) / 100},
				deref(v.EventOspID), v.OspID,
			}); err != nil {
				return apperr.Internal(err)
			}
			line++
		}
		return nil
	}
	batch := make([]txView, 0, 500)
	for rows.Next() {
		var v txView
		if err := rows.StructScan(&v); err != nil {
			return apperr.Internal(err)
		}
		if batch = append(batch, v); len(batch) == cap(batch) {
			if err := write(batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := rows.Err(); err != nil {
		return apperr.Internal(err)
	}
	if err := write(batch); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return apperr.Internal(err)
	}
	_, err = file.WriteTo(w)
	return err
}

// xlsxRoute is the download call: JSON filter in, XLSX file out.
func (s *Service) xlsxRoute() api.Route {
	return api.Route{
		Method: http.MethodPost, Path: base + "/transaction/download/xlsx", Policy: access.SignedIn(), Tag: "budget",
		Summary: "The transactions of a filter as an XLSX file (streamed)", Request: TransactionFilter{},
		ResponseContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var f TransactionFilter
			if err := api.Decode(r, &f); err != nil {
				api.WriteError(w, r, err)
				return
			}
			// Validate before the first byte goes out, so errors are JSON.
			if _, err := s.resolveFilter(r.Context(), access.FromContext(r.Context()), f); err != nil {
				api.WriteError(w, r, err)
				return
			}
			w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
			w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="transactions-%s.xlsx"`, time.Now().Format("20060102")))
			if err := s.WriteXLSX(r.Context(), access.FromContext(r.Context()), f, w); err != nil {
				api.WriteError(w, r, err)
			}
		}),
	}
}
