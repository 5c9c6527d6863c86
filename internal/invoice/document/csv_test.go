package document

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"testing"
)

func TestDetailCSVRowsPerItemDefused(t *testing.T) {
	d := invoiceDoc(t)
	d.Language = "en"
	d.Items = []Item{
		{Position: 1, ItemType: "EXPENSE", Reference: "exp-1", BookingID: "B-77", UserOspID: "u-1", UserName: "Jan Peeters", Date: "2026-10-03", MobilityMode: "TRAIN", Description: "Brussel - Gent", GrossAmount: 1234, VatBasisPoints: 600},
		{Position: 2, ItemType: "EXPENSE", Reference: "=HYPERLINK(\"x\")", UserName: "@evil", Date: "2026-10-31", MobilityMode: "BIKE", Description: "-rit", GrossAmount: -50, VatBasisPoints: 2100},
		{Position: 3, ItemType: "USER_FEE", UserOspID: "u-2", UserName: "Marie Dubois", Date: "2026-10-31", GrossAmount: 121, VatBasisPoints: 550},
	}
	var buf bytes.Buffer
	if err := DetailCSV(d, &buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Line", "Item type", "Reference", "Booking id", "User", "User name", "Date", "Mobility mode", "Description", "Gross amount (EUR)", "VAT %"},
		{"1", "EXPENSE", "exp-1", "B-77", "u-1", "Jan Peeters", "03/10/2026", "TRAIN", "Brussel - Gent", "12.34", "6"},
		{"2", "EXPENSE", "'=HYPERLINK(\"x\")", "", "", "'@evil", "31/10/2026", "BIKE", "'-rit", "-0.50", "21"},
		{"3", "USER_FEE", "", "", "u-2", "Marie Dubois", "31/10/2026", "", "", "1.21", "5.5"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("CSV\n got %q\nwant %q", rows, want)
	}
	d.Language = "fr"
	buf.Reset()
	if err := DetailCSV(d, &buf); err != nil {
		t.Fatal(err)
	}
	if head, _ := csv.NewReader(&buf).Read(); head[0] != "Ligne" || head[9] != "Montant brut (EUR)" {
		t.Errorf("French header %q", head)
	}
}
