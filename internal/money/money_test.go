package money_test

import (
	"testing"

	"mobility/portal/internal/money"
)

func TestFormatEuro(t *testing.T) {
	cases := []struct {
		cents int64
		lang  string
		want  string
	}{
		{123456, "nl", "€ 1.234,56"}, {123456, "fr", "€ 1.234,56"}, {123456, "en", "€1,234.56"},
		{5, "nl", "€ 0,05"}, {-1999, "en", "-€19.99"}, {100000000, "nl", "€ 1.000.000,00"}, {0, "en", "€0.00"},
	}
	for _, c := range cases {
		if got := money.FormatEuro(c.cents, c.lang); got != c.want {
			t.Errorf("FormatEuro(%d, %s) = %q, want %q", c.cents, c.lang, got, c.want)
		}
	}
}

func TestStructuredReference(t *testing.T) {
	// 0000000097 % 97 == 0 → check digits 97
	if got := money.StructuredReference(97); got != "+++000/0000/09797+++" {
		t.Fatalf("got %s", got)
	}
	// a reference from a real Belgian invoice layout: 123/4567/89002 (1234567890 % 97 = 2)
	if got := money.StructuredReference(1234567890); got != "+++123/4567/89002+++" {
		t.Fatalf("got %s", got)
	}
	for _, base := range []int64{1, 42, 1000000001, 9999999999} {
		if r := money.StructuredReference(base); !money.ValidStructuredReference(r) {
			t.Errorf("%d → %s not valid", base, r)
		}
	}
	if money.ValidStructuredReference("+++123/4567/89003+++") {
		t.Fatal("wrong check digits accepted")
	}
}
