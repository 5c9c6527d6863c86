package apperr

import "testing"

func TestDefineRefusesMalformedAndDuplicateLabels(t *testing.T) {
	mustPanic := func(name, label string) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: Define(%q) did not panic", name, label)
			}
		}()
		Define(label)
	}
	for _, l := range []string{"", "lower_case", "TRAILING_", "_LEADING", "DOUBLE__UNDERSCORE", "SPACE IN", "9STARTS_WITH_DIGIT", "DASH-ED"} {
		mustPanic("malformed", l)
	}
	mustPanic("duplicate", LabelNotFound)
	if got := Define("TEST_ONLY_LABEL_42"); got != "TEST_ONLY_LABEL_42" || !IsDefined(got) {
		t.Fatalf("Define returns and registers its label: %q", got)
	}
	mustPanic("duplicate", "TEST_ONLY_LABEL_42")
	labels := Labels()
	for i := 1; i < len(labels); i++ {
		if labels[i-1] >= labels[i] {
			t.Fatalf("Labels is sorted and unique: %v", labels)
		}
	}
	if !IsDefined(LabelValidationFailed) || !IsDefined(LabelMethodNotAllowed) {
		t.Fatal("apperr's own labels are registered")
	}
}
