package order

import "testing"

// Check digits of both centuries, separators, and numbers that pass only
// under the other century's rule.
func TestNationalNumber(t *testing.T) {
	for _, c := range []struct {
		in     string
		from00 bool
		ok     bool
	}{
		{"85.07.30-033.28", false, true}, // 97 - 850730033 % 97 = 28
		{"85073003328", false, true},
		{"85.07.30-033.29", false, false}, // wrong check digits
		{"85.07.30-033.28", true, false},  // the 2000 rule gives 57 for these digits
		{"05.03.12-123.60", true, true},   // 97 - 2050312123 % 97 = 60
		{"05.03.12-123.60", false, false}, // without the "2" prefix: 31
		{"05.03.12-123.31", false, true},
		{"1234567890", false, false},  // 10 digits
		{"8507300332A", false, false}, // a letter
		{"85.07.30-033.28.1", false, false},
	} {
		d, ok := NormalizeNationalNumber(c.in)
		got := ok && ValidNationalNumber(d, c.from00)
		if got != c.ok {
			t.Errorf("%q (from 2000: %v): valid %v, want %v", c.in, c.from00, got, c.ok)
		}
	}
	if got := MaskNationalNumber("85073003328"); got != "**.**.**-***.28" {
		t.Errorf("mask: %q", got)
	}
	if got := FormatNationalNumber("85073003328"); got != "85.07.30-033.28" {
		t.Errorf("format: %q", got)
	}
}
