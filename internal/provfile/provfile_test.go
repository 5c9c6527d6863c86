package provfile

import "testing"

func TestCents(t *testing.T) {
	for in, want := range map[string]int64{"27.35": 2735, "27,35": 2735, "12": 1200, "0.5": 50, " 9.10 ": 910, "10000000": 1_000_000_000} {
		if got, ok := Cents(in); !ok || got != want {
			t.Errorf("Cents(%q) = %d %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "0", "0.00", "-5", "12.345", "1e3", "1.", ".5", "10000000.01", "99999999999999999999", "1,2,3", "12.3x", "€12"} {
		if got, ok := Cents(in); ok {
			t.Errorf("Cents(%q) = %d, want refused", in, got)
		}
	}
}

func TestCountDateMonth(t *testing.T) {
	if n, ok := Count("186", 1000); !ok || n != 186 {
		t.Errorf("Count: %d %v", n, ok)
	}
	for _, in := range []string{"-1", "1001", "1.5", "", "9999999999999"} {
		if _, ok := Count(in, 1000); ok {
			t.Errorf("Count(%q) taken", in)
		}
	}
	for in, ok := range map[string]bool{"2026-10-03": true, "1999-12-31": false, "2100-01-01": false, "2026-02-30": false, "03/10/2026": false} {
		if _, got := Date(in); got != ok {
			t.Errorf("Date(%q) = %v", in, got)
		}
	}
	for in, ok := range map[string]bool{"2026-10": true, "2026-13": false, "1900-01": false, "9999-12": false} {
		if _, got := Month(in); got != ok {
			t.Errorf("Month(%q) = %v", in, got)
		}
	}
	if Text("a\x00b", 10) || Text("abcdefghijk", 10) || !Text("Gent Zuid – 3 h", 20) {
		t.Error("Text")
	}
}
