package providerdata

import (
	"bytes"
	"context"
	"encoding/xml"
	"strings"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
)

// Template is a kind's example file: its header (or elements) and one
// realistic line.
func (s *Service) Template(ctx context.Context, kind string) (*File, error) {
	k := kindOf(strings.ToUpper(kind))
	if k == nil {
		return nil, apperr.NotFound("upload kind")
	}
	ext, ct := extOf(k.Format)
	name := "template-" + strings.ToLower(k.Kind) + ext
	body, err := templateBody(k)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	_ = i18n.FromContext(ctx)
	return &File{Name: name, ContentType: ct, Body: body}, nil
}

func templateBody(k *kindDef) ([]byte, error) {
	var buf bytes.Buffer
	switch k.Format {
	case FormatXML:
		buf.WriteString(xml.Header)
		buf.WriteString("<" + k.XMLRoot + ">\n  <" + k.XMLRecord + ">\n")
		for _, c := range k.Columns {
			buf.WriteString("    <" + c.Name + ">")
			_ = xml.EscapeText(&buf, []byte(c.Example))
			buf.WriteString("</" + c.Name + ">\n")
		}
		buf.WriteString("  </" + k.XMLRecord + ">\n</" + k.XMLRoot + ">\n")
	case FormatXLSX:
		f := excelize.NewFile()
		defer f.Close()
		sheet := f.GetSheetName(0)
		for i, c := range k.Columns {
			h, _ := excelize.CoordinatesToCellName(i+1, 1)
			v, _ := excelize.CoordinatesToCellName(i+1, 2)
			if err := f.SetCellStr(sheet, h, c.Name); err != nil {
				return nil, err
			}
			if err := f.SetCellStr(sheet, v, c.Example); err != nil {
				return nil, err
			}
		}
		if err := f.Write(&buf); err != nil {
			return nil, err
		}
	default:
		names, examples := make([]string, len(k.Columns)), make([]string, len(k.Columns))
		for i, c := range k.Columns {
			names[i], examples[i] = c.Name, c.Example
		}
		buf.WriteString(strings.Join(names, ";") + "\n" + strings.Join(examples, ";") + "\n")
	}
	return buf.Bytes(), nil
}
