package apperr

import (
	"regexp"
	"slices"
	"sync"
)

// The registry of every errorLabel the server can send. Each package
// declares its labels with Define, so one list exists (Labels) that the
// OpenAPI document publishes as the enum of errorLabel and that the
// translation tests (server texts error.<LABEL>, web errors.<LABEL>) walk.
var (
	labelsMu sync.Mutex
	labels   = map[string]bool{}
)

var labelPattern = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// Define registers label and returns it, for package-level declarations:
//
//	var LabelX = apperr.Define("X")
//
// It panics on a label that is not UPPER_SNAKE or is defined twice, so a
// typo or a clash between packages stops the binary at start-up (and every
// test) instead of reaching the web app.
func Define(label string) string {
	if !labelPattern.MatchString(label) {
		panic("apperr: malformed error label " + label)
	}
	labelsMu.Lock()
	defer labelsMu.Unlock()
	if labels[label] {
		panic("apperr: error label defined twice: " + label)
	}
	labels[label] = true
	return label
}

// IsDefined tells whether label was registered with Define.
func IsDefined(label string) bool {
	labelsMu.Lock()
	defer labelsMu.Unlock()
	return labels[label]
}

// Labels lists every defined label, sorted. Only the packages linked into
// the binary have registered theirs, so callers that need the whole list
// (the OpenAPI document, the tests) run where every domain is imported.
func Labels() []string {
	labelsMu.Lock()
	defer labelsMu.Unlock()
	out := make([]string, 0, len(labels))
	for l := range labels {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}
