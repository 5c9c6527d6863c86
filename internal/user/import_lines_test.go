package user

import (
	"bytes"
	"context"
	"testing"

	"github.com/xuri/excelize/v2"
)

// A user import line's number is the spreadsheet's row number, also after
// blank rows (absent from the sheet, or with blank cells).
func TestImportXLSXLineNumbersAreTheSheetsRows(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	rows := map[int][]any{1: {"extId", "firstname"}, 2: {"E1", "Ann"}, 5: {"E2", "Bob"}, 8: {"E3", "Cas"}}
	for n, cells := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, n)
		if err := f.SetSheetRow("Sheet1", cell, &cells); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetCellStr("Sheet1", "A6", " "); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	file, err := readImport(context.Background(), "users.xlsx", buf.Bytes(), ImportUpdate)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"E1": 2, "E2": 5, "E3": 8}
	if len(file.rows) != len(want) {
		t.Fatalf("want %d rows, got %+v", len(want), file.rows)
	}
	for _, r := range file.rows {
		if want[r.cells["extId"]] != r.line {
			t.Errorf("%s: line %d, want %d", r.cells["extId"], r.line, want[r.cells["extId"]])
		}
	}
}
