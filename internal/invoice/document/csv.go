package document

import (
	"encoding/csv"
	"io"
	"strconv"

	"mobility/portal/internal/csvsafe"
)

// detailColumns are the detail CSV's header keys (i18n invoice.csv.*).
var detailColumns = []string{"position", "itemType", "reference", "bookingId", "user", "userName", "date", "mobilityMode", "description", "grossAmount", "vat"}

// DetailCSV writes the items (d.Items) behind the document's lines: a header in the
// document's language, then one row per item with its line position, type,
// reference, booking id, user (ospId and name), date (dd/MM/yyyy), mobility
// mode, description, gross amount in euro (two decimals, a dot) and VAT
// rate in percent. Every text cell is defused against spreadsheet formulas.
func DetailCSV(d Doc, w io.Writer) error {
	cw := csv.NewWriter(w)
	head := make([]string, len(detailColumns))
	for i, c := range detailColumns {
		head[i] = d.t("invoice.csv." + c)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	s := csvsafe.Text
	for _, it := range d.Items {
		rec := []string{
			strconv.Itoa(it.Position),
			s(it.ItemType),
			s(it.Reference),
			s(it.BookingID),
			s(it.UserOspID),
			s(it.UserName),
			date(it.Date),
			s(it.MobilityMode),
			s(it.Description),
			amount(it.GrossAmount),
			plainDecimal(int64(it.VatBasisPoints), 2, 0),
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
