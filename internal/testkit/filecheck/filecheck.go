// Package filecheck reads back the files the portal writes, for tests:
// the PDF's text (with an independent reader) and the UBL's verdict from
// the offline Peppol validator (shared/tools/peppol/validate-ubl). It
// imports nothing of the portal, so the pure document package's own tests
// can use it.
package filecheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ledongthuc/pdf"
)

// PeppolValidator is shared/tools/peppol/validate-ubl (the official Peppol
// BIS Billing 3.0 rules run by Saxon): PEPPOL_VALIDATOR, else shared/
// beside the repository (as CI has it), else /work/shared. The test is
// skipped, with the reason, when the tool, java or Saxon-HE is missing
// (apt-get install -y default-jre-headless libsaxonhe-java).
func PeppolValidator(t testing.TB) string {
	t.Helper()
	candidates := []string{os.Getenv("PEPPOL_VALIDATOR")}
	if dir, err := os.Getwd(); err == nil {
		for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				candidates = append(candidates, filepath.Join(filepath.Dir(dir), "shared", "tools", "peppol", "validate-ubl"))
				break
			}
		}
	}
	candidates = append(candidates, "/work/shared/tools/peppol/validate-ubl")
	tool := ""
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if _, err := os.Stat(c); err == nil {
			tool = c
			break
		}
	}
	if tool == "" {
		t.Skip("shared/tools/peppol/validate-ubl not found: the Peppol rules are not checked")
	}
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java is not installed (apt-get install -y default-jre-headless libsaxonhe-java): the Peppol rules are not checked")
	}
	jar := os.Getenv("SAXON_JAR")
	if jar == "" {
		jar = "/usr/share/java/Saxon-HE.jar"
	}
	if _, err := os.Stat(jar); err != nil {
		t.Skip("Saxon-HE is not installed (apt-get install -y libsaxonhe-java): the Peppol rules are not checked")
	}
	return tool
}

// ValidateUBL runs the validator on a document and answers its report and
// whether no fatal rule failed.
func ValidateUBL(t testing.TB, tool, name string, doc []byte) (string, bool) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name+".xml")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(tool, file).CombinedOutput()
	t.Logf("%s: %s", name, strings.TrimSpace(string(out)))
	return string(out), strings.Contains(string(out), "PASS: 0 fatal")
}

// PDFText reads a PDF back and answers its text, row by row, and its
// number of pages; a PDF that does not parse fails the test.
func PDFText(t testing.TB, b []byte) (string, int) {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("the PDF does not parse: %v", err)
	}
	var all strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		rows, err := r.Page(i).GetTextByRow()
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			for _, w := range row.Content {
				all.WriteString(w.S)
			}
			all.WriteString("\n")
		}
	}
	return all.String(), r.NumPage()
}
