package providerdata

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/user"
)

// LabelFile: the file is not a readable file of its kind (format, header,
// 1 to 500 rows).
var LabelFile = apperr.Define("PROVIDER_UPLOAD_FILE")

// maxCell bounds one cell: longer values are refused on their line.
const maxCell = 500

// record is one line of a file: its number and its cells by column.
type record struct {
	line  int
	cells map[string]string
}

func (r record) get(col string) string { return r.cells[col] }

// extOf is a kind's file extension and content type.
func extOf(format string) (string, string) {
	switch format {
	case FormatXLSX:
		return ".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	case FormatXML:
		return ".xml", "application/xml"
	default:
		return ".csv", "text/csv"
	}
}

// parseFile reads a kind's file into records (blank lines left out):
// a clear translated PROVIDER_UPLOAD_FILE error when it is not of the
// kind's format, misses a required column, or has no or more than 500
// rows.
func parseFile(ctx context.Context, k *kindDef, filename string, content []byte) ([]record, error) {
	lang := i18n.FromContext(ctx)
	bad := func(key string, args ...any) error {
		return apperr.Invalid(LabelFile, "file", i18n.T(lang, key, args...))
	}
	ext, _ := extOf(k.Format)
	if !strings.EqualFold(filepath.Ext(filename), ext) {
		return nil, bad("providerdata.file.format", k.Format, ext)
	}
	var recs []record
	var err error
	switch k.Format {
	case FormatXML:
		recs, err = readXML(k, content)
	case FormatXLSX:
		var rows [][]string
		var lines []int
		rows, lines, err = readXLSX(content)
		if err == nil {
			recs, err = table(k, rows, lines)
		}
	default:
		var rows [][]string
		var lines []int
		rows, lines, err = user.ReadCSV(content)
		if err == nil {
			recs, err = table(k, rows, lines)
		}
	}
	var missing errMissing
	switch {
	case errors.As(err, &missing):
		return nil, bad("providerdata.file.columns", string(missing))
	case errors.Is(err, errTooMany):
		return nil, bad("providerdata.file.rows", constants.MaxImportRows)
	case err != nil:
		return nil, bad("providerdata.file.unreadable", k.Format)
	}
	if len(recs) == 0 {
		return nil, bad("providerdata.file.rows", constants.MaxImportRows)
	}
	return recs, nil
}

type errMissing string

func (e errMissing) Error() string { return "missing column " + string(e) }

var errTooMany = errors.New("too many rows")

// table maps rows with a header row to records; lines are the rows' line
// numbers in the file.
func table(k *kindDef, rows [][]string, lines []int) ([]record, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	col := map[int]string{}
	found := map[string]bool{}
	for i, h := range rows[0] {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		for _, c := range k.Columns {
			if strings.EqualFold(h, c.Name) {
				col[i], found[c.Name] = c.Name, true
			}
		}
	}
	for _, c := range k.Columns {
		if c.Required && !found[c.Name] {
			return nil, errMissing(c.Name)
		}
	}
	var out []record
	for i, row := range rows[1:] {
		if strings.TrimSpace(strings.Join(row, "")) == "" {
			continue
		}
		if len(out) == constants.MaxImportRows {
			return nil, errTooMany
		}
		r := record{line: lines[i+1], cells: map[string]string{}}
		for j, v := range row {
			if name, ok := col[j]; ok {
				r.cells[name] = strings.TrimSpace(v)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// readXLSX reads the first sheet's non-blank rows (at most 501 + 1 read:
// more is refused anyway) and each one's row number as the spreadsheet
// shows it, blank rows counted, so that a line error names the row the
// user sees.
func readXLSX(content []byte) ([][]string, []int, error) {
	// an XLSX is a ZIP: bound what it may unpack to (a small upload can
	// hold gigabytes of zeros)
	f, err := excelize.OpenReader(bytes.NewReader(content), excelize.Options{UnzipSizeLimit: 64 << 20, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil, errors.New("no sheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var out [][]string
	var lines []int
	// Next also steps over the rows a sheet leaves out, so counting its
	// calls gives the row number
	for row := 1; rows.Next(); row++ {
		cols, err := rows.Columns()
		if err != nil {
			return nil, nil, err
		}
		if strings.TrimSpace(strings.Join(cols, "")) == "" {
			continue // blank rows are left out (also keeps a sheet of empty rows cheap)
		}
		// the header and at most 500 rows
		if len(out) == constants.MaxImportRows+1 {
			return nil, nil, errTooMany
		}
		out, lines = append(out, cols), append(lines, row)
	}
	return out, lines, rows.Error()
}

// readXML reads <Root><Record><Elem>value</Elem>...</Record>...</Root>;
// a record's line is its number, from 1. Unknown elements are ignored.
func readXML(k *kindDef, content []byte) ([]record, error) {
	d := xml.NewDecoder(bytes.NewReader(content))
	d.Strict = true
	known := map[string]string{}
	for _, c := range k.Columns {
		known[strings.ToLower(c.Name)] = c.Name
	}
	var out []record
	var cur *record
	var field string
	var text strings.Builder
	depth, rootSeen := 0, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1:
				if t.Name.Local != k.XMLRoot {
					return nil, errors.New("root")
				}
				rootSeen = true
			case depth == 2 && t.Name.Local == k.XMLRecord:
				if len(out) == constants.MaxImportRows {
					return nil, errTooMany
				}
				cur = &record{line: len(out) + 1, cells: map[string]string{}}
			case depth == 3 && cur != nil:
				field = known[strings.ToLower(t.Name.Local)]
				text.Reset()
			}
		case xml.CharData:
			if depth == 3 && field != "" && text.Len() <= maxCell {
				text.Write(t)
			}
		case xml.EndElement:
			switch {
			case depth == 3 && cur != nil && field != "":
				cur.cells[field] = strings.TrimSpace(text.String())
				field = ""
			case depth == 2 && cur != nil:
				out = append(out, *cur)
				cur = nil
			}
			depth--
		}
	}
	if !rootSeen {
		return nil, errors.New("empty")
	}
	// a required element no record has is a missing column, like CSV's
	for _, c := range k.Columns {
		if !c.Required {
			continue
		}
		seen := len(out) == 0
		for _, r := range out {
			if _, ok := r.cells[c.Name]; ok {
				seen = true
				break
			}
		}
		if !seen {
			return nil, errMissing(c.Name)
		}
	}
	return out, nil
}
