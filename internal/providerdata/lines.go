package providerdata

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/money"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// pline is a checked line, ready to match and book.
type pline struct {
	line        int
	key         string // the natural key (provider's id)
	token       string // normalized token value ("" for surcharges)
	ref         string // surcharges: the earlier booking id
	date        string // yyyy-MM-dd
	amount      int64  // cents incl. VAT
	vatBP       int64
	mode        string
	description string
}

// keyChars are what a provider's id may hold.
const keyChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./"

// maxKey bounds a natural key (the booking id adds a prefix).
const maxKey = 40

// checkLine checks one record: its errors by field (nil when fine).
func checkLine(ctx context.Context, k *kindDef, r record, today string) (*pline, []LineError) {
	v := validate.New(ctx)
	p := &pline{line: r.line, mode: k.Mode}
	for _, c := range k.Columns {
		if len([]rune(r.get(c.Name))) > maxCell {
			v.Fail(c.Name, "rule.maxLength", maxCell)
		} else if strings.ContainsRune(r.get(c.Name), 0) {
			v.Fail(c.Name, "rule.invalid")
		}
	}
	p.key = r.get(k.KeyCol)
	if v.Required(k.KeyCol, p.key) && !v.Has(k.KeyCol) {
		if len(p.key) > maxKey || strings.Trim(p.key, keyChars) != "" {
			v.Fail(k.KeyCol, "providerdata.rule.key", maxKey)
		}
	}
	if k.TokenCol != "" {
		raw := r.get(k.TokenCol)
		if v.Required(k.TokenCol, raw) && !v.Has(k.TokenCol) {
			tok, ok := user.NormalizeTokenValue(k.TokenField, raw)
			switch {
			case !ok && k.TokenField == user.FieldMobibCard:
				v.Fail(k.TokenCol, "rule.digits", 10, 20)
			case !ok:
				v.Fail(k.TokenCol, "rule.invalid")
			}
			p.token = tok
		}
	}
	if k.RefCol != "" {
		p.ref = r.get(k.RefCol)
		if v.Required(k.RefCol, p.ref) && !v.Has(k.RefCol) && (len(p.ref) > maxKey+8 || strings.Trim(p.ref, keyChars) != "") {
			v.Fail(k.RefCol, "rule.invalid")
		}
	}
	if raw := r.get(k.DateCol); v.Required(k.DateCol, raw) && !v.Has(k.DateCol) {
		if d, ok := parseDate(raw); ok {
			p.date = d
			v.ExpenseDate(k.DateCol, d, today)
		} else {
			v.Fail(k.DateCol, "rule.date")
		}
	}
	if raw := r.get(k.AmountCol); v.Required(k.AmountCol, raw) && !v.Has(k.AmountCol) {
		cents, ok := parseEuro(raw)
		switch {
		case !ok:
			v.Fail(k.AmountCol, "providerdata.rule.amount")
		case cents < 0:
			v.Fail(k.AmountCol, "rule.positive")
		case !money.Amount(cents).InBounds():
			v.AmountInBounds(k.AmountCol, money.Amount(cents))
		}
		p.amount = cents
	}
	if raw := r.get(k.VatCol); v.Required(k.VatCol, raw) && !v.Has(k.VatCol) {
		pct, err := strconv.ParseFloat(strings.TrimSuffix(strings.ReplaceAll(raw, ",", "."), "%"), 64)
		bp, ok := money.VatBasisPoints(pct)
		if err != nil || !ok {
			v.Fail(k.VatCol, "rule.vatPercentage")
		}
		p.vatBP = bp
	}
	if k.ModeCol != "" {
		raw := strings.ToUpper(r.get(k.ModeCol))
		if v.Required(k.ModeCol, raw) && !v.Has(k.ModeCol) {
			if m, ok := k.ModeValues[raw]; ok {
				p.mode = m
			} else {
				v.Fail(k.ModeCol, "providerdata.rule.mode", strings.Join(sortedKeys(k.ModeValues), ", "))
			}
		}
	}
	var parts []string
	for _, c := range k.DescCols {
		if s := r.get(c); s != "" && len([]rune(s)) <= maxCell {
			parts = append(parts, s)
		}
	}
	p.description = truncate(k.Provider+": "+strings.Join(parts, " · "), constants.DescriptionMaxLength)
	if err := v.Err(); err != nil {
		return nil, lineErrors(r.line, err)
	}
	return p, nil
}

// lineErrors turns a validation error into a line's errors.
func lineErrors(line int, err error) []LineError {
	e := apperr.As(err)
	if e == nil {
		return []LineError{{Line: line, Field: "", Messages: []string{err.Error()}}}
	}
	out := make([]LineError, 0, len(e.Fields))
	for _, f := range e.Fields {
		out = append(out, LineError{Line: line, Field: f.Field, Messages: f.Messages})
	}
	return out
}

// parseDate reads yyyy-MM-dd, dd/MM/yyyy, or a timestamp starting with a
// date (yyyy-MM-ddTHH:mm..., yyyy-MM-dd HH:mm...).
func parseDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 10 && (s[10] == 'T' || s[10] == ' ') {
		s = s[:10]
	}
	for _, layout := range []string{"2006-01-02", "02/01/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return "", false
}

// parseEuro reads euros with at most two decimals ("11.40", "11,4",
// "-3", "1234.00") into cents, exactly (no floats).
func parseEuro(s string) (int64, bool) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "€"))
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.ReplaceAll(s, ",", "."), ".")
	if whole == "" || len(whole) > 12 || len(frac) > 2 || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	c := w*100 + f
	if neg {
		c = -c
	}
	return c, true
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// bookingID is the expense's booking id of a provider's line.
func bookingID(k *kindDef, key string) string { return fmt.Sprintf("%s-%s", k.Prefix, key) }
