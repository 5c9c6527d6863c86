package reporting

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"
)

// A report's XLSX is made on download from its stored CSV: reading the CSV
// back gives the very table it was written from, formula-like and quoted
// text, negative and extreme amounts included, and the XLSX keeps numbers
// and euro cells.
func TestTableReadsBackFromItsCSV(t *testing.T) {
	tbl := &table{
		columns: []string{"name", "count", "amount", "note"},
		rows: [][]any{
			{"=HYPERLINK(\"x\")", int64(3), money(-1234), "'quoted"},
			{"-12", int64(0), money(5), "+cmd"},
			{"''two", int64(math.MaxInt64), money(math.MinInt64), "@sum"},
			{"Ève, \"the\" one", int64(-7), money(math.MaxInt64), ""},
		},
	}
	body, err := tbl.csv()
	if err != nil {
		t.Fatal(err)
	}
	back, err := tableFromCSV(body, tbl.kinds())
	if err != nil {
		t.Fatal(err)
	}
	if tbl.kinds() != "sims" || !reflect.DeepEqual(back, tbl) {
		t.Fatalf("kinds %q, read back %#v", tbl.kinds(), back)
	}
	x, err := back.xlsx(sheetName("MONTHLY_EXPENSES_PER_MOBILITY_MODE_AND_MORE"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(x))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	if len(sheet) > 31 {
		t.Fatalf("sheet %q", sheet)
	}
	for cell, want := range map[string]string{"A2": "=HYPERLINK(\"x\")", "D2": "'quoted", "C2": "-12.34", "B3": "0", "A4": "''two"} {
		v, _ := f.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
		if v != want {
			t.Errorf("%s: %q, want %q", cell, v, want)
		}
	}
	if typ, _ := f.GetCellType(sheet, "B2"); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Errorf("count written as text")
	}
}
