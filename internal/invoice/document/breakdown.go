package document

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Breakdown computes the VAT breakdown of lines (EN 16931 BG-23): one
// entry per category and rate, its taxable amount the sum of those lines'
// nets and its VAT that sum times the rate, rounded once, half away from
// zero (BR-S-09: VAT is computed per rate, not per line). Entries are
// ordered by category, then by rate, highest first. Nets are bounded by
// the schema (|net| ≤ 10^14 cents), so sum × 10000 stays within int64
// for any realistic document; Breakdown reports an overflow instead of
// wrapping.
func Breakdown(lines []Line) ([]VatBreakdown, error) {
	type key struct {
		cat string
		bp  int
	}
	sums := map[key]int64{}
	var keys []key
	for _, l := range lines {
		k := key{l.VatCategory, l.VatBasisPoints}
		if _, ok := sums[k]; !ok {
			keys = append(keys, k)
		}
		s := sums[k] + l.NetAmount
		if (l.NetAmount > 0 && s < sums[k]) || (l.NetAmount < 0 && s > sums[k]) {
			return nil, errors.New("document: taxable amount overflows")
		}
		sums[k] = s
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.cat, b.cat), cmp.Compare(b.bp, a.bp))
	})
	out := make([]VatBreakdown, 0, len(keys))
	for _, k := range keys {
		taxable := sums[k]
		const limit = 1 << 62 / 10000
		if taxable > limit || taxable < -limit {
			return nil, errors.New("document: taxable amount too large for VAT")
		}
		out = append(out, VatBreakdown{
			Category:       k.cat,
			VatBasisPoints: k.bp,
			TaxableAmount:  taxable,
			VatAmount:      roundDiv(taxable*int64(k.bp), 10000),
		})
	}
	return out, nil
}

// roundDiv is n / d rounded half away from zero (d > 0).
func roundDiv(n, d int64) int64 {
	if n < 0 {
		return -((-n + d/2) / d)
	}
	return (n + d/2) / d
}

// CheckTotals tells whether the document's amounts hold EN 16931's sums
// (BR-CO-10, -13, -14, -15, -16 and the breakdown's BR-S-08): every file is
// made from these amounts, so a document that breaks them is refused
// rather than written wrong.
func (d *Doc) CheckTotals() error {
	var net int64
	perRate := map[[2]any]int64{}
	for _, l := range d.Lines {
		net += l.NetAmount
		perRate[[2]any{l.VatCategory, l.VatBasisPoints}] += l.NetAmount
	}
	var vat int64
	for _, b := range d.Vat {
		vat += b.VatAmount
		k := [2]any{b.Category, b.VatBasisPoints}
		if perRate[k] != b.TaxableAmount {
			return fmt.Errorf("document %s: VAT %s %d taxable %d, lines say %d", d.Number, b.Category, b.VatBasisPoints, b.TaxableAmount, perRate[k])
		}
		delete(perRate, k)
	}
	switch {
	case len(perRate) > 0:
		return fmt.Errorf("document %s: a VAT rate of its lines has no breakdown", d.Number)
	case net != d.NetAmount:
		return fmt.Errorf("document %s: net %d, lines sum to %d", d.Number, d.NetAmount, net)
	case vat != d.VatAmount:
		return fmt.Errorf("document %s: VAT %d, breakdown sums to %d", d.Number, d.VatAmount, vat)
	case d.TotalAmount != d.NetAmount+d.VatAmount:
		return fmt.Errorf("document %s: total %d is not net + VAT", d.Number, d.TotalAmount)
	case d.PayableAmount != d.TotalAmount-d.PrepaidAmount:
		return fmt.Errorf("document %s: payable %d is not total − prepaid", d.Number, d.PayableAmount)
	}
	return nil
}
