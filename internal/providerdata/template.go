package providerdata

import (
	"bytes"
	"context"
	"encoding/xml"
	"strings"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/apperr"
)

// Template is a kind's example file: its header (or elements) and one
// realistic line.
func (s *Service) Template(_ context.Context, kind string) (*File, error) {
	k := kindOf(strings.ToUpper(kind))
	if k == nil {
		return nil, apperr.NotFound("upload kind")
	}
	ext, ct := extOf(k.Format)
	name := "template-" + strings.ToLower(k.Kind) + ext
	example := map[string]string{}
	for _, c := range k.Columns {
		example[c.Name] = c.Example
	}
	body, err := fileBody(k, []map[string]string{example})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &File{Name: name, ContentType: ct, Body: body}, nil
}

// BuildFile writes rows (column or element name → value) as a file of a
// kind's format, with its file name: what the demo and the benchmarks
// upload, written the way the providers send them.
func BuildFile(kind string, rows []map[string]string) (filename string, content []byte, err error) {
	k := kindOf(kind)
	if k == nil {
		return "", nil, apperr.NotFound("upload kind")
	}
	ext, _ := extOf(k.Format)
	content, err = fileBody(k, rows)
	return strings.ToLower(k.Kind) + ext, content, err
}

func fileBody(k *kindDef, rows []map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	switch k.Format {
	case FormatXML:
		buf.WriteString(xml.Header)
		buf.WriteString("<" + k.XMLRoot + ">\n")
		for _, r := range rows {
			buf.WriteString("  <" + k.XMLRecord + ">\n")
			for _, c := range k.Columns {
				buf.WriteString("    <" + c.Name + ">")
				_ = xml.EscapeText(&buf, []byte(r[c.Name]))
				buf.WriteString("</" + c.Name + ">\n")
			}
			buf.WriteString("  </" + k.XMLRecord + ">\n")
		}
		buf.WriteString("</" + k.XMLRoot + ">\n")
	case FormatXLSX:
		f := excelize.NewFile()
		defer f.Close()
		sheet := f.GetSheetName(0)
		for i, c := range k.Columns {
			h, _ := excelize.CoordinatesToCellName(i+1, 1)
			if err := f.SetCellStr(sheet, h, c.Name); err != nil {
				return nil, err
			}
			for j, r := range rows {
				v, _ := excelize.CoordinatesToCellName(i+1, j+2)
				if err := f.SetCellStr(sheet, v, r[c.Name]); err != nil {
					return nil, err
				}
			}
		}
		if err := f.Write(&buf); err != nil {
			return nil, err
		}
	default:
		names := make([]string, len(k.Columns))
		for i, c := range k.Columns {
			names[i] = c.Name
		}
		buf.WriteString(strings.Join(names, ";") + "\n")
		for _, r := range rows {
			cells := make([]string, len(k.Columns))
			for i, c := range k.Columns {
				cells[i] = strings.NewReplacer(";", ",", "\n", " ", "\r", " ", "\"", "'").Replace(r[c.Name])
			}
			buf.WriteString(strings.Join(cells, ";") + "\n")
		}
	}
	return buf.Bytes(), nil
}
