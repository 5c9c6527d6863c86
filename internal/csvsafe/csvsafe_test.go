package csvsafe

import "testing"

func TestTextDefusesFormulasAndRoundTrips(t *testing.T) {
	cases := map[string]string{
		"=SUM(A1)":   "'=SUM(A1)",
		"+32 2 123":  "'+32 2 123",
		"-12.50":     "-12.50",
		"@cmd":       "'@cmd",
		"'quoted":    "''quoted",
		"plain text": "plain text",
		"":           "",
	}
	for in, want := range cases {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
		if back := Undo(Text(in)); back != in {
			t.Errorf("Undo(Text(%q)) = %q", in, back)
		}
	}
}
