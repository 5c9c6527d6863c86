package providerdata

import (
	"bytes"
	"context"
	"testing"

	"github.com/xuri/excelize/v2"
)

// sparseXLSX builds a workbook whose rows sit at the given spreadsheet row
// numbers; the rows between are blank (absent from the sheet, as Excel
// leaves them) or, in blankCells, present with empty cells.
func sparseXLSX(t *testing.T, rows map[int][]any, blankCells ...int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for n, cells := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, n)
		if err := f.SetSheetRow("Sheet1", cell, &cells); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range blankCells {
		cell, _ := excelize.CoordinatesToCellName(1, n)
		if err := f.SetCellStr("Sheet1", cell, "  "); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A line's number is the spreadsheet's row number (the one Excel shows),
// also when blank rows come before the header or between the lines.
func TestXLSXLineNumbersAreTheSheetsRows(t *testing.T) {
	header := []any{"Transaction ID", "Licence plate", "Date", "Amount incl. VAT", "VAT %"}
	line := func(id string) []any { return []any{id, "1-ABC-123", "2026-10-07", "1.00", "21"} }
	content := sparseXLSX(t, map[int][]any{3: header, 4: line("K1"), 7: line("K2"), 9: line("K3")}, 8)
	recs, err := parseFile(context.Background(), kindOf(KindKBC), "kbc.xlsx", content)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"K1": 4, "K2": 7, "K3": 9}
	if len(recs) != len(want) {
		t.Fatalf("want %d records, got %+v", len(want), recs)
	}
	for _, r := range recs {
		if want[r.get("Transaction ID")] != r.line {
			t.Errorf("%s: line %d, want %d", r.get("Transaction ID"), r.line, want[r.get("Transaction ID")])
		}
	}
}

// A CSV line's number is the file's line, blank lines counted.
func TestCSVLineNumbersAreTheFilesLines(t *testing.T) {
	content := []byte("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n\nT1;1;2026-10-03;1.00;6\n;;;;\n\nT2;1;2026-10-03;1.00;6\n")
	recs, err := parseFile(context.Background(), kindOf(KindNMBS), "nmbs.csv", content)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].line != 3 || recs[1].line != 6 {
		t.Fatalf("want lines 3 and 6, got %+v", recs)
	}
}
